import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { CategoryDto, SubcategoryGroupDto } from '@bazaar/shared';

/** The URL may name a category by id (home cards), slug (footer) or name; all three select the same box. */
export function matchesCategory(
  category: Pick<CategoryDto, '_id' | 'slug' | 'name'>,
  selected: string,
): boolean {
  if (!selected) return false;
  return (
    String(category._id) === selected ||
    category.slug === selected ||
    category.name.toLowerCase() === selected.toLowerCase()
  );
}

function CategoryCheckbox({
  category,
  label,
  selected,
  onSelect,
}: {
  category: CategoryDto;
  label: string;
  selected: string;
  onSelect: (value: string) => void;
}) {
  const checked = matchesCategory(category, selected);
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1.5 text-sm text-ink-700 hover:text-ink-900">
      <input
        type="checkbox"
        className="h-4 w-4 shrink-0 accent-brand-600"
        checked={checked}
        onChange={(event) => onSelect(event.target.checked ? category.slug : '')}
      />
      <span className={checked ? 'font-semibold text-ink-900' : ''}>{label}</span>
    </label>
  );
}

function CategoryGroupBlock({
  name,
  group,
  subcategories,
  selected,
  onSelect,
}: {
  group: CategoryDto | null;
  name: string;
  subcategories: CategoryDto[];
  selected: string;
  onSelect: (value: string) => void;
}) {
  const holdsSelection =
    (group !== null && matchesCategory(group, selected)) ||
    subcategories.some((category) => matchesCategory(category, selected));
  const [open, setOpen] = useState(holdsSelection);
  const panelId = `category-group-${name.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <li className="border-b border-line last:border-b-0">
      <button
        type="button"
        className="flex w-full items-center justify-between py-2.5 text-left text-sm font-semibold text-ink-900"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {name}
        <ChevronDown size={16} className={`transition ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <div id={panelId} hidden={!open} className="pb-2 pl-1">
        {group && (
          <CategoryCheckbox
            category={group}
            label={`All ${group.name}`}
            selected={selected}
            onSelect={onSelect}
          />
        )}
        {subcategories.map((category) => (
          <CategoryCheckbox
            key={category._id}
            category={category}
            label={category.name}
            selected={selected}
            onSelect={onSelect}
          />
        ))}
      </div>
    </li>
  );
}

/** Category checkboxes grouped under Mens, Women, …; one category at a time, as the spec says. */
export function CategoryFilter({
  groups,
  subcategoryGroups,
  selected,
  onSelect,
}: {
  groups: CategoryDto[];
  subcategoryGroups: SubcategoryGroupDto[];
  selected: string;
  onSelect: (value: string) => void;
}) {
  const subcategoriesOf = (name: string) =>
    subcategoryGroups.find((entry) => entry.categoryName === name)?.data ?? [];
  // Groups come from get-categorys; a subcategory group the server lists without a parent still shows.
  const blocks = [
    ...groups.map((group) => ({ name: group.name, group, subcategories: subcategoriesOf(group.name) })),
    ...subcategoryGroups
      .filter((entry) => !groups.some((group) => group.name === entry.categoryName))
      .map((entry) => ({ name: entry.categoryName, group: null, subcategories: entry.data })),
  ];

  if (blocks.length === 0) {
    return (
      <div className="flex flex-col gap-2" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((index) => (
          <div key={index} className="skeleton h-5 w-3/4" />
        ))}
      </div>
    );
  }
  return (
    <ul>
      {blocks.map((block) => (
        <CategoryGroupBlock
          key={block.name}
          name={block.name}
          group={block.group}
          subcategories={block.subcategories}
          selected={selected}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}

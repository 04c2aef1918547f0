import type { SubcategoryGroupDto } from '@bazaar/shared';

/** The subcategories a product can be listed in, grouped under their group (Men, Women, …), as `<option>`s. */
export function CategoryOptions({ groups }: { groups: readonly SubcategoryGroupDto[] }) {
  return groups.map((group) => (
    <optgroup key={group.categoryName} label={group.categoryName}>
      {group.data.map((category) => (
        <option key={category._id} value={category._id}>
          {category.name}
        </option>
      ))}
    </optgroup>
  ));
}

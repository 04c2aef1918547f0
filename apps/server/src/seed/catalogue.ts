import type { MediaKind } from '../media/paths';

/** A named colour; `hex` (six lowercase digits) paints the generated product pictures. */
export interface Colour {
  name: string;
  hex: string;
}

const colour = (name: string, hex: string): Colour => ({ name, hex });

export const colours = {
  navy: colour('Navy Blue', '1f2f5c'),
  black: colour('Black', '2a2b2f'),
  white: colour('White', 'f3f2ee'),
  maroon: colour('Maroon', '7a1f2b'),
  mustard: colour('Mustard', 'd9a21b'),
  olive: colour('Olive', '6b7a3a'),
  teal: colour('Teal', '1f7a7a'),
  green: colour('Bottle Green', '1d5c3f'),
  peach: colour('Peach', 'f2a48a'),
  pink: colour('Pink', 'e86a92'),
  lavender: colour('Lavender', 'a58bd6'),
  sky: colour('Sky Blue', '6fb2e0'),
  rust: colour('Rust', 'b5532a'),
  beige: colour('Beige', 'd8c3a0'),
  grey: colour('Grey Melange', '9a9ca1'),
  red: colour('Red', 'c8302f'),
  coral: colour('Coral', 'f07158'),
  magenta: colour('Magenta', 'b8287a'),
  royal: colour('Royal Blue', '2c4fb5'),
  offWhite: colour('Off White', 'efe9dc'),
  charcoal: colour('Charcoal', '3c3f45'),
  brown: colour('Brown', '6e4a32'),
  cream: colour('Cream', 'f3e6c8'),
  seaGreen: colour('Sea Green', '3fa58a'),
  yellow: colour('Yellow', 'f2c230'),
  burgundy: colour('Burgundy', '6d1a36'),
  gold: colour('Gold', 'c9a03d'),
  silver: colour('Silver', 'b9bec6'),
  roseGold: colour('Rose Gold', 'c98f7a'),
  nude: colour('Nude', 'd6a58c'),
  plum: colour('Plum', '6a2c5a'),
  turquoise: colour('Turquoise', '2bb3b0'),
  lightBlue: colour('Light Blue', '8fb0d6'),
  darkBlue: colour('Dark Blue', '263f6b'),
  amber: colour('Amber', 'd98c2b'),
  mint: colour('Mint', '9ed9bf'),
} as const;

const c = colours;
const apparel = [c.navy, c.black, c.white, c.maroon, c.mustard, c.olive, c.teal, c.green, c.peach, c.pink, c.lavender, c.sky, c.rust, c.beige, c.grey, c.red, c.royal, c.charcoal];
const ethnic = [c.maroon, c.mustard, c.teal, c.green, c.peach, c.pink, c.magenta, c.royal, c.offWhite, c.cream, c.yellow, c.rust, c.turquoise, c.plum];
const denim = [c.lightBlue, c.darkBlue, c.navy, c.black, c.grey];
const footwear = [c.white, c.black, c.navy, c.grey, c.beige, c.red, c.olive];
const home = [c.beige, c.cream, c.teal, c.mustard, c.sky, c.offWhite, c.grey, c.rust, c.seaGreen, c.lavender, c.peach, c.charcoal];
const metals = [c.gold, c.silver, c.roseGold, c.black, c.brown];
const lips = [c.red, c.nude, c.plum, c.coral, c.pink, c.maroon, c.magenta, c.burgundy];
const bottles = [c.amber, c.mint, c.peach, c.sky, c.lavender, c.white, c.pink, c.seaGreen];

/** How a product's name is put together for a subcategory. */
export type NamePattern =
  /** "Roadster Men Navy Blue Slim Fit Cotton Kurta" */
  | 'fashion'
  /** "Lakme Matte Lipstick - Red" */
  | 'shade'
  /** "Bombay Dyeing Floral 210 TC Cotton Double Bedsheet" */
  | 'plain';

export interface SubcategorySeed {
  name: string;
  kind: MediaKind;
  /** Range of list prices in whole rupees, appropriate to the subcategory. */
  price: [number, number];
  brands: string[];
  /** "Men", "Women", "Girls"…; one is picked per product. Empty for home and beauty. */
  audiences: string[];
  styles: string[];
  materials: string[];
  noun: string;
  colours: readonly Colour[];
  pattern: NamePattern;
  /** Overrides the group's nature, e.g. watches and bags in an apparel group. */
  nature?: ProductNature;
}

export type ProductNature = 'apparel' | 'accessory' | 'home' | 'beauty';

export interface GroupSeed {
  name: string;
  slug: string;
  kind: MediaKind;
  colour: Colour;
  /** Picks the sentences used in descriptions and reviews. */
  nature: ProductNature;
  subcategories: SubcategorySeed[];
}

const sub = (s: SubcategorySeed) => s;

export const groups: GroupSeed[] = [
  {
    name: 'Mens',
    slug: 'mens',
    kind: 'shirt',
    colour: c.navy,
    nature: 'apparel',
    subcategories: [
      sub({ name: 'T-Shirts', kind: 'tshirt', price: [299, 1499], brands: ['Roadster', 'HRX by Hrithik Roshan', 'Bewakoof', 'The Souled Store', 'Highlander', 'WROGN', 'Campus Sutra'], audiences: ['Men'], styles: ['Printed Round Neck', 'Solid Polo Collar', 'Graphic Print Oversized', 'Striped Henley', 'Typography Printed', 'Colourblocked Slim Fit'], materials: ['Cotton', 'Pure Cotton', 'Cotton Blend'], noun: 'T-shirt', colours: apparel, pattern: 'fashion' }),
      sub({ name: 'Shirts', kind: 'shirt', price: [599, 2999], brands: ['Peter England', 'Louis Philippe', 'Van Heusen', 'Allen Solly', 'Highlander', 'Arrow', 'Roadster'], audiences: ['Men'], styles: ['Slim Fit Checked Casual', 'Regular Fit Formal', 'Mandarin Collar', 'Striped Oxford', 'Printed Resort'], materials: ['Cotton', 'Linen Blend', 'Pure Linen', 'Cotton Twill'], noun: 'Shirt', colours: apparel, pattern: 'fashion' }),
      sub({ name: 'Jeans', kind: 'jeans', price: [799, 3499], brands: ["Levi's", 'Roadster', 'Flying Machine', 'Pepe Jeans', 'WROGN', 'Spykar', 'Mufti'], audiences: ['Men'], styles: ['Slim Fit Mid-Rise', 'Skinny Fit Stretchable', 'Tapered Fit Light Fade', 'Relaxed Fit', 'Straight Fit Clean Look'], materials: ['Denim', 'Stretch Denim'], noun: 'Jeans', colours: denim, pattern: 'fashion' }),
      sub({ name: 'Kurtas', kind: 'kurta', price: [599, 3999], brands: ['Manyavar', 'Fabindia', 'Sojanya', 'Roadster', 'Jompers', 'KISAH', 'Vastramay'], audiences: ['Men'], styles: ['Slim Fit', 'Chikankari Embroidered', 'Printed Straight', 'Mandarin Collar', 'Woven Design', 'Solid Pathani'], materials: ['Cotton', 'Linen', 'Silk Blend', 'Khadi'], noun: 'Kurta', colours: ethnic, pattern: 'fashion' }),
      sub({ name: 'Sneakers', kind: 'sneaker', price: [999, 7999], brands: ['Nike', 'Puma', 'Adidas', 'Red Tape', 'Campus', 'HRX by Hrithik Roshan', 'Bata'], audiences: ['Men'], styles: ['Colourblocked', 'Textured Lace-Up', 'Perforated', 'Chunky', 'Mesh Running', 'Court'], materials: ['Leather', 'Mesh', 'Canvas', 'Suede'], noun: 'Sneakers', colours: footwear, pattern: 'fashion', nature: 'accessory' }),
      sub({ name: 'Watches', kind: 'watch', price: [999, 9999], brands: ['Titan', 'Fastrack', 'Fossil', 'Casio', 'Timex', 'Sonata'], audiences: ['Men'], styles: ['Analogue', 'Chronograph', 'Multifunction', 'Minimalist Analogue', 'Skeleton Dial'], materials: ['Leather Strap', 'Stainless Steel', 'Mesh Strap'], noun: 'Watch', colours: metals, pattern: 'fashion', nature: 'accessory' }),
      sub({ name: 'Jackets', kind: 'jacket', price: [1299, 6999], brands: ['Roadster', 'Puma', "Levi's", 'Monte Carlo', 'Fort Collins', 'Flying Machine'], audiences: ['Men'], styles: ['Padded Bomber', 'Denim Trucker', 'Quilted Puffer', 'Lightweight Windcheater', 'Nehru'], materials: ['Polyester', 'Denim', 'Cotton Blend', 'Faux Leather'], noun: 'Jacket', colours: apparel, pattern: 'fashion' }),
    ],
  },
  {
    name: 'Women',
    slug: 'women',
    kind: 'dress',
    colour: c.pink,
    nature: 'apparel',
    subcategories: [
      sub({ name: 'Kurtas & Suits', kind: 'kurta', price: [599, 4999], brands: ['Libas', 'Anouk', 'W', 'Biba', 'Aurelia', 'Global Desi', 'Sangria'], audiences: ['Women'], styles: ['Printed Anarkali', 'Ethnic Motifs Straight', 'Embroidered A-Line', 'Bandhani Printed', 'Kurta with Palazzos & Dupatta', 'Gotta Patti'], materials: ['Cotton', 'Rayon', 'Chanderi', 'Georgette'], noun: 'Kurta', colours: ethnic, pattern: 'fashion' }),
      sub({ name: 'Sarees', kind: 'saree', price: [799, 9999], brands: ['Mitera', 'Kalini', 'Nalli', 'Kalki Fashion', 'Sangria', 'Saree mall', 'Kasee'], audiences: ['Women'], styles: ['Banarasi Zari Woven', 'Kanjeevaram', 'Printed', 'Bandhani', 'Chanderi', 'Sequinned'], materials: ['Silk Blend', 'Georgette', 'Cotton', 'Art Silk', 'Net'], noun: 'Saree', colours: ethnic, pattern: 'fashion' }),
      sub({ name: 'Dresses', kind: 'dress', price: [599, 3999], brands: ['SASSAFRAS', 'Tokyo Talkies', 'Athena', 'Berrylush', 'StyleStone', 'Harpa', 'Vero Moda'], audiences: ['Women'], styles: ['Floral Print A-Line', 'Fit & Flare', 'Tiered Maxi', 'Wrap', 'Shirt Midi', 'Smocked'], materials: ['Cotton', 'Crepe', 'Georgette', 'Viscose Rayon'], noun: 'Dress', colours: apparel, pattern: 'fashion' }),
      sub({ name: 'Tops', kind: 'top', price: [299, 1799], brands: ['Tokyo Talkies', 'Harpa', 'DressBerry', 'Roadster', 'SASSAFRAS', 'Mango'], audiences: ['Women'], styles: ['Puff Sleeve', 'Peplum', 'Crop', 'Ruffled Regular', 'Embroidered Boxy', 'Smocked Cinched Waist'], materials: ['Cotton', 'Georgette', 'Crepe', 'Linen'], noun: 'Top', colours: apparel, pattern: 'fashion' }),
      sub({ name: 'Jeans', kind: 'jeans', price: [799, 2999], brands: ['Roadster', "Levi's", 'Mast & Harbour', 'DressBerry', 'Kraus Jeans', 'ONLY'], audiences: ['Women'], styles: ['High-Rise Skinny Fit', 'Wide Leg', 'Straight Fit Stretchable', 'Mom Fit', 'Bootcut Clean Look'], materials: ['Denim', 'Stretch Denim'], noun: 'Jeans', colours: denim, pattern: 'fashion' }),
      sub({ name: 'Handbags', kind: 'handbag', price: [699, 5999], brands: ['Lavie', 'Caprese', 'Baggit', 'Hidesign', 'Da Milano', 'Accessorize'], audiences: ['Women'], styles: ['Structured Handheld', 'Quilted Sling', 'Textured Shoulder', 'Oversized Tote', 'Satchel'], materials: ['PU', 'Leather', 'Vegan Leather'], noun: 'Bag', colours: [c.black, c.brown, c.beige, c.maroon, c.mustard, c.teal, c.pink, c.white], pattern: 'fashion', nature: 'accessory' }),
      sub({ name: 'Heels', kind: 'heels', price: [799, 3999], brands: ['Mochi', 'Metro', 'Catwalk', 'Inc.5', 'Bata', 'Rocia'], audiences: ['Women'], styles: ['Block', 'Stiletto', 'Kitten', 'Embellished Wedge', 'Peep Toe Block'], materials: ['Synthetic', 'Suede', 'Patent'], noun: 'Heels', colours: [c.black, c.nude, c.red, c.gold, c.silver, c.white, c.maroon], pattern: 'fashion', nature: 'accessory' }),
    ],
  },
  {
    name: 'Kids',
    slug: 'kids',
    kind: 'frock',
    colour: c.yellow,
    nature: 'apparel',
    subcategories: [
      sub({ name: 'T-Shirts', kind: 'tshirt', price: [199, 899], brands: ['YK', 'Gini & Jony', 'H&M', 'UCB', 'Marks & Spencer', 'Babyhug'], audiences: ['Boys', 'Girls'], styles: ['Printed Round Neck', 'Graphic', 'Striped Polo', 'Superhero Print', 'Dinosaur Print'], materials: ['Pure Cotton', 'Cotton'], noun: 'T-shirt', colours: apparel, pattern: 'fashion' }),
      sub({ name: 'Frocks', kind: 'frock', price: [399, 1999], brands: ['Hola Bonita', 'Cutecumber', 'YK', 'Naughty Ninos', 'Babyhug', 'Gini & Jony'], audiences: ['Girls'], styles: ['Floral Print Fit & Flare', 'Smocked A-Line', 'Tiered Party', 'Embellished Net', 'Puff Sleeve'], materials: ['Cotton', 'Net', 'Georgette'], noun: 'Frock', colours: [c.pink, c.lavender, c.peach, c.yellow, c.sky, c.mint, c.red, c.white], pattern: 'fashion' }),
      sub({ name: 'Shorts', kind: 'shorts', price: [199, 799], brands: ['YK', 'H&M', 'Gini & Jony', 'Max', 'UCB'], audiences: ['Boys', 'Girls'], styles: ['Solid Regular', 'Printed', 'Denim', 'Cargo', 'Drawstring'], materials: ['Cotton', 'Denim', 'Cotton Blend'], noun: 'Shorts', colours: apparel, pattern: 'fashion' }),
      sub({ name: 'Ethnic Wear', kind: 'kurta', price: [499, 2499], brands: ['Jashvi', 'Vastramay', 'Manyavar', 'Sojanya', 'Biba Girls'], audiences: ['Boys', 'Girls'], styles: ['Kurta with Pyjamas', 'Embroidered Kurta Set', 'Kurta with Dhoti Pants', 'Printed Kurta with Churidar'], materials: ['Cotton', 'Silk Blend'], noun: '', colours: ethnic, pattern: 'fashion' }),
      sub({ name: 'School Bags', kind: 'backpack', price: [399, 1999], brands: ['Skybags', 'Wildcraft', 'American Tourister', 'Safari', 'Genie'], audiences: ['Kids'], styles: ['Printed', 'Water Resistant', 'Ergonomic', 'Cartoon Print'], materials: [], noun: 'School Backpack', colours: [c.navy, c.red, c.royal, c.pink, c.teal, c.black, c.yellow], pattern: 'fashion', nature: 'accessory' }),
      sub({ name: 'Sneakers', kind: 'sneaker', price: [499, 2999], brands: ['Puma', 'Adidas', 'Campus', 'Bata', 'Kittens', 'Liberty'], audiences: ['Boys', 'Girls'], styles: ['Velcro', 'Light-Up', 'Colourblocked', 'Lace-Up Running', 'Slip-On'], materials: ['Mesh', 'Canvas', 'Synthetic'], noun: 'Sneakers', colours: footwear, pattern: 'fashion', nature: 'accessory' }),
    ],
  },
  {
    name: 'Home Living',
    slug: 'home-living',
    kind: 'lamp',
    colour: c.teal,
    nature: 'home',
    subcategories: [
      sub({ name: 'Bedsheets', kind: 'bedsheet', price: [499, 3999], brands: ['Spaces', 'Bombay Dyeing', "D'Decor", 'Raymond Home', 'Story@home', 'Portico'], audiences: [], styles: ['Floral 210 TC Cotton Double', 'Geometric 144 TC King', 'Jaipuri Printed Cotton Double', 'Solid Satin King', 'Ikat 300 TC Queen'], materials: [], noun: 'Bedsheet with 2 Pillow Covers', colours: home, pattern: 'plain' }),
      sub({ name: 'Cushions', kind: 'cushion', price: [199, 1299], brands: ['Home Centre', 'Swayam', 'Eyda', 'Story@home', 'HOSTA HOMES'], audiences: [], styles: ['Set of 5 Embroidered', 'Set of 2 Velvet', 'Ikat Woven', 'Boho Tufted', 'Set of 3 Printed'], materials: [], noun: 'Cushion Covers', colours: home, pattern: 'plain' }),
      sub({ name: 'Curtains', kind: 'curtain', price: [399, 2999], brands: ['Story@home', 'Home Sizzler', 'Cortina', 'Swayam', 'Sej by Nisha Gupta'], audiences: [], styles: ['Set of 2 Blackout Door', 'Sheer Window', 'Printed Long Door', 'Jacquard Door'], materials: [], noun: 'Curtains', colours: home, pattern: 'plain' }),
      sub({ name: 'Lamps', kind: 'lamp', price: [599, 4999], brands: ['Philips', 'Homesake', 'Pure Home + Living', 'Gojeeva', 'Foziq'], audiences: [], styles: ['Fabric Shade Table', 'Wooden Bedside', 'Ceramic Table', 'Metal Study', 'Jute Shade Floor'], materials: [], noun: 'Lamp', colours: home, pattern: 'plain' }),
      sub({ name: 'Dinnerware', kind: 'dinnerware', price: [499, 5999], brands: ['Corelle', 'Cello', 'Borosil', 'Clay Craft', 'Larah'], audiences: [], styles: ['18-Piece Ceramic Dinner Set', 'Set of 6 Stoneware Plates', 'Opalware Dinner Set', 'Handpainted Ceramic Bowl Set', 'Matte Glazed Serving Set'], materials: [], noun: '', colours: home, pattern: 'plain' }),
      sub({ name: 'Wall Clocks', kind: 'clock', price: [399, 2499], brands: ['Ajanta', 'Titan', 'Random', 'eCraftIndia', 'Oreva'], audiences: [], styles: ['Analogue', 'Wooden', 'Metal Sunburst', 'Silent Sweep', 'Vintage Roman Numeral'], materials: [], noun: 'Wall Clock', colours: home, pattern: 'plain' }),
      sub({ name: 'Towels', kind: 'towel', price: [199, 1499], brands: ['Spaces', 'Bombay Dyeing', 'Trident', 'Welspun', 'Raymond Home'], audiences: [], styles: ['Set of 2 Cotton 500 GSM Bath', 'Set of 4 Hand', 'Zero Twist Bath', 'Quick Dry Bamboo Bath'], materials: [], noun: 'Towels', colours: home, pattern: 'plain' }),
    ],
  },
  {
    name: 'Beauty',
    slug: 'beauty',
    kind: 'lipstick',
    colour: c.magenta,
    nature: 'beauty',
    subcategories: [
      sub({ name: 'Lipstick', kind: 'lipstick', price: [199, 1499], brands: ['Lakme', 'Maybelline New York', 'SUGAR', 'MAC', 'Nykaa Cosmetics', 'Swiss Beauty'], audiences: [], styles: ['Matte', 'Creamy Matte', 'Liquid Matte', 'Satin Finish', 'Transfer-Proof'], materials: [], noun: 'Lipstick', colours: lips, pattern: 'shade' }),
      sub({ name: 'Face Wash', kind: 'facewash', price: [199, 699], brands: ['Himalaya', 'Mamaearth', 'Cetaphil', 'Plum', 'Minimalist', 'Biotique'], audiences: [], styles: ['Neem', 'Vitamin C', 'Ubtan', 'Tea Tree', 'Salicylic Acid', 'Rice Water'], materials: [], noun: 'Face Wash 100 ml', colours: bottles, pattern: 'plain' }),
      sub({ name: 'Perfumes', kind: 'perfume', price: [399, 6999], brands: ['Bella Vita', 'Fogg', 'Skinn by Titan', 'Engage', 'Wild Stone', 'Villain'], audiences: [], styles: ['Oud Eau de Parfum', 'Floral Eau de Parfum', 'Fresh Aqua Eau de Toilette', 'Citrus Musk Eau de Parfum'], materials: [], noun: '100 ml', colours: bottles, pattern: 'plain' }),
      sub({ name: 'Serums', kind: 'serum', price: [299, 1999], brands: ['Minimalist', 'The Derma Co', 'Plum', 'Mamaearth', 'Dot & Key'], audiences: [], styles: ['10% Niacinamide', 'Vitamin C', 'Hyaluronic Acid', 'Retinol', 'Salicylic Acid'], materials: [], noun: 'Face Serum 30 ml', colours: bottles, pattern: 'plain' }),
      sub({ name: 'Nail Polish', kind: 'nailpolish', price: [199, 599], brands: ['Lakme', 'Maybelline New York', 'SUGAR', 'Nykaa Cosmetics', 'Colorbar'], audiences: [], styles: ['Gel Finish', 'Glossy', 'Quick Dry', 'Matte'], materials: [], noun: 'Nail Polish', colours: [...lips, c.lavender, c.mint, c.sky], pattern: 'shade' }),
      sub({ name: 'Kajal', kind: 'kajal', price: [199, 499], brands: ['Lakme', 'Maybelline New York', 'SUGAR', 'Himalaya', 'Blue Heaven'], audiences: [], styles: ['Smudge-Proof', 'Long Lasting', 'Intense Black', 'Waterproof'], materials: [], noun: 'Kajal', colours: [c.black, c.charcoal, c.brown], pattern: 'plain' }),
      sub({ name: 'Moisturisers', kind: 'cream', price: [199, 1299], brands: ['Nivea', 'Cetaphil', "Pond's", 'Plum', 'Mamaearth', 'Lotus Herbals'], audiences: [], styles: ['Light', 'Oil-Free', 'Vitamin C', 'Ceramide', 'SPF 30 Day'], materials: [], noun: 'Moisturiser 50 g', colours: bottles, pattern: 'plain' }),
    ],
  },
];

/** Extra words a shopper may type for a kind of product, indexed with its category names. */
export const searchSynonyms: Partial<Record<MediaKind, string>> = {
  tshirt: 'tshirt tshirts tee tees',
  sneaker: 'shoes footwear',
  heels: 'sandals footwear',
  handbag: 'purse',
  backpack: 'bag',
  kurta: 'ethnic',
  saree: 'sari ethnic',
  jacket: 'coat',
  perfume: 'fragrance',
  kajal: 'eyeliner kohl',
  cream: 'moisturizer cream',
  lipstick: 'lips makeup',
  nailpolish: 'nails makeup',
  dinnerware: 'plates crockery',
  clock: 'clocks',
};

export interface ShopSeed {
  shopName: string;
  owner: string;
  city: string;
  /** Group slugs the shop mostly sells. */
  groups: string[];
}

export const shops: ShopSeed[] = [
  { shopName: 'Jaipur Threads', owner: 'Rohan Mehta', city: 'Jaipur', groups: ['mens', 'women'] },
  { shopName: 'Chennai Silk Emporium', owner: 'Lakshmi Narayanan', city: 'Chennai', groups: ['women'] },
  { shopName: 'Mumbai Style Studio', owner: 'Aisha Khan', city: 'Mumbai', groups: ['women', 'beauty'] },
  { shopName: 'Delhi Denim Co', owner: 'Karan Malhotra', city: 'New Delhi', groups: ['mens', 'women'] },
  { shopName: 'Hyderabad Fashion Bazaar', owner: 'Syed Imran', city: 'Hyderabad', groups: ['mens', 'women', 'kids'] },
  { shopName: 'Lucknow Chikan Kari', owner: 'Farah Siddiqui', city: 'Lucknow', groups: ['mens', 'women'] },
  { shopName: 'Bengaluru Urban Closet', owner: 'Nikhil Rao', city: 'Bengaluru', groups: ['mens', 'kids'] },
  { shopName: 'Little Champs Kidswear', owner: 'Meera Iyer', city: 'Pune', groups: ['kids'] },
  { shopName: 'Ahmedabad Block Prints', owner: 'Hetal Shah', city: 'Ahmedabad', groups: ['home-living', 'women'] },
  { shopName: 'Kochi Home Decor', owner: 'Thomas Varghese', city: 'Kochi', groups: ['home-living'] },
  { shopName: 'Kolkata Handloom House', owner: 'Debashish Sen', city: 'Kolkata', groups: ['home-living', 'women'] },
  { shopName: 'Glow Beauty Mart', owner: 'Priya Kapoor', city: 'Gurugram', groups: ['beauty'] },
  { shopName: 'Amritsar Phulkari Point', owner: 'Gurpreet Singh', city: 'Amritsar', groups: ['women', 'kids'] },
  { shopName: 'Indore Footwear Hub', owner: 'Ankit Jain', city: 'Indore', groups: ['mens', 'women', 'kids'] },
  { shopName: 'Varanasi Weaves', owner: 'Shalini Mishra', city: 'Varanasi', groups: ['women', 'home-living'] },
  { shopName: 'Chandigarh Beauty Bar', owner: 'Simran Gill', city: 'Chandigarh', groups: ['beauty', 'home-living'] },
];

/** Sellers can sign in to the (later) seller console as <shop-slug>@sellers.bazaar.in with this password. */
export const DEMO_SELLER_PASSWORD = 'seller123';
export const SELLER_EMAIL_DOMAIN = 'sellers.bazaar.in';

export const banners = [
  { heading: 'Summer Collection', description: 'New Arrival on Sale', buttonText: 'Shop Now' },
  { heading: 'The Biggest Sale', description: 'Special for today', buttonText: 'Get It Now' },
  { heading: 'Festive Ethnic Edit', description: 'Kurtas, sarees and sets from top labels', buttonText: 'Explore' },
  { heading: 'Home Makeover Days', description: 'Bedsheets, lamps and décor up to 60% off', buttonText: 'Shop Home' },
  { heading: 'Glow Up Beauty Week', description: 'Best-selling beauty picks at the best prices', buttonText: 'Shop Beauty' },
];

export const firstNames = ['Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rahul', 'Vikram', 'Siddharth', 'Karthik', 'Manish', 'Harish', 'Abdul', 'Joseph', 'Gurpreet', 'Ananya', 'Diya', 'Priya', 'Saanvi', 'Aadhya', 'Isha', 'Kavya', 'Meera', 'Pooja', 'Sneha', 'Neha', 'Divya', 'Lakshmi', 'Fatima', 'Riya', 'Shreya', 'Nandini', 'Tanvi', 'Swati', 'Deepika', 'Anjali', 'Harpreet', 'Mary'];
export const lastNames = ['Sharma', 'Verma', 'Reddy', 'Iyer', 'Nair', 'Patel', 'Shah', 'Gupta', 'Singh', 'Kaur', 'Das', 'Banerjee', 'Chatterjee', 'Rao', 'Naidu', 'Menon', 'Pillai', 'Khan', 'Qureshi', 'Joshi', 'Kulkarni', 'Deshpande', 'Mishra', 'Pandey', 'Agarwal', 'Bose', 'Fernandes', 'Thomas', 'Yadav', 'Chauhan'];

/** Review sentences: an opener chosen by star rating, then a detail chosen by what kind of product it is. */
export const reviewOpeners: Record<number, string[]> = {
  5: ['Absolutely love it!', 'Totally worth the money.', 'Superb product, exceeded my expectations.', 'Perfect, would buy again.', 'Excellent quality at this price.', 'Bought it for my sister and she loved it.'],
  4: ['Very good product.', 'Nice, value for money.', 'Good quality, happy with the purchase.', 'Pretty good overall.', 'Liked it a lot.'],
  3: ['Decent for the price.', 'It is okay, nothing special.', 'Average product.', 'Good but could be better.'],
  2: ['Not very happy with this.', 'Below expectations.', 'Quality could have been much better.'],
  1: ['Very disappointed.', 'Not worth the money at all.', 'Poor quality, returning it.'],
};

export const reviewDetails: Record<ProductNature, Record<'good' | 'mixed' | 'bad', string[]>> = {
  apparel: {
    good: ['The fabric is soft and breathable, perfect for Indian summers.', 'Fits exactly as per the size chart.', 'Colour is the same as in the pictures and did not fade after washing.', 'Stitching is neat and the finish feels premium.', 'Got many compliments at the family function.'],
    mixed: ['Fit is slightly loose, order one size smaller.', 'Colour is a little lighter than shown.', 'Fabric is fine but a bit thin.', 'Delivery took a few extra days.'],
    bad: ['The colour faded after the first wash.', 'Size was completely off, too tight at the shoulders.', 'Stitching came apart within a week.', 'Fabric feels rough and cheap.'],
  },
  accessory: {
    good: ['Looks classy and feels sturdy.', 'Very comfortable for all-day wear.', 'Finish is premium and the packaging was lovely.'],
    mixed: ['Looks good but a bit heavy.', 'Slightly smaller than I expected.'],
    bad: ['The finish started peeling in a month.', 'Very uncomfortable to use.'],
  },
  home: {
    good: ['Looks beautiful in my living room.', 'Material is thick and of great quality.', 'The print is vibrant and washes well.', 'Exactly as shown, well packed too.'],
    mixed: ['Colour is a bit different from the photo.', 'Good, but the size is a little smaller.', 'Quality is okay for the price.'],
    bad: ['Arrived damaged and the packaging was poor.', 'Colours bled in the first wash.', 'Material feels very cheap.'],
  },
  beauty: {
    good: ['Suits my skin tone perfectly and lasts all day.', 'Gentle on the skin, no irritation at all.', 'Lovely fragrance that stays for hours.', 'Texture is light and absorbs quickly.'],
    mixed: ['Works fine but the fragrance is strong.', 'Takes a few weeks to show results.', 'Shade is slightly different from the picture.'],
    bad: ['Caused breakouts on my sensitive skin.', 'Does not last even two hours.', 'Packaging leaked on arrival.'],
  },
};

/** Descriptions are put together from a few sentences, the first naming the product. */
export const descriptionDetails: Record<ProductNature, string[]> = {
  apparel: ['Cut for a comfortable, true-to-size fit.', 'Breathable fabric that keeps you cool through humid days.', 'Pairs well with sneakers for a casual look or juttis for a festive one.', 'Machine wash cold with similar colours; do not bleach.', 'Colour-fast dyes that stay bright wash after wash.', 'Finished with neat seams and a soft hand feel.'],
  accessory: ['Built to last with a durable, scratch-resistant finish.', 'Lightweight and comfortable for all-day wear.', 'Comes in a gift-ready box.', 'Wipe clean with a soft dry cloth.', 'Backed by a one-year brand warranty.'],
  home: ['Adds warmth and colour to any room.', 'Made from durable materials chosen for everyday use.', 'Easy care: gentle machine wash or wipe clean.', 'Handcrafted by artisans, so small variations make each piece unique.', 'Pairs beautifully with neutral décor.'],
  beauty: ['Dermatologically tested and suitable for Indian skin.', 'Free from parabens and harsh sulphates.', 'Cruelty-free and made in India.', 'Store in a cool, dry place away from direct sunlight.', 'Patch test before first use.'],
};

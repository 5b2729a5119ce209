// Business categories: the only values a business can pick as
// keywords. Labels are what is stored and shown; values are stable ids.
export const CATEGORIES = [
  // Food and drink
  { value: "restaurant", label: "Restaurant" },
  { value: "fine_dining", label: "Fine Dining" },
  { value: "fast_food", label: "Fast Food" },
  { value: "takeaway", label: "Takeaway" },
  { value: "cafe", label: "Cafe" },
  { value: "bakery", label: "Bakery" },
  { value: "pastry_shop", label: "Pastry Shop" },
  { value: "chocolate_shop", label: "Chocolate Shop" },
  { value: "bar", label: "Bar" },
  { value: "pub", label: "Pub" },
  { value: "wine_bar", label: "Wine Bar" },
  { value: "vermouth_bar", label: "Vermouth Bar" },
  { value: "brewery", label: "Brewery" },
  { value: "pizzeria", label: "Pizzeria" },
  { value: "burgers", label: "Burgers" },
  { value: "sushi", label: "Sushi" },
  { value: "tapas", label: "Tapas" },
  { value: "seafood", label: "Seafood" },
  { value: "steakhouse", label: "Steakhouse" },
  { value: "brunch", label: "Brunch" },
  { value: "vegetarian", label: "Vegetarian" },
  { value: "vegan", label: "Vegan" },
  { value: "ice_cream", label: "Ice Cream" },
  { value: "desserts", label: "Desserts" },
  { value: "juice_bar", label: "Juice Bar" },
  { value: "tea_house", label: "Tea House" },
  { value: "food_truck", label: "Food Truck" },
  { value: "catering", label: "Catering" },
  // Food shops
  { value: "grocery", label: "Grocery" },
  { value: "supermarket", label: "Supermarket" },
  { value: "convenience_store", label: "Convenience Store" },
  { value: "butcher", label: "Butcher" },
  { value: "fishmonger", label: "Fishmonger" },
  { value: "greengrocer", label: "Greengrocer" },
  { value: "deli", label: "Deli" },
  { value: "cheese_shop", label: "Cheese Shop" },
  { value: "market_stall", label: "Market Stall" },
  { value: "wine_shop", label: "Wine Shop" },
  // Health, fitness and beauty
  { value: "gym", label: "Gym" },
  { value: "yoga", label: "Yoga" },
  { value: "pilates", label: "Pilates" },
  { value: "martial_arts", label: "Martial Arts" },
  { value: "dance_studio", label: "Dance Studio" },
  { value: "sports_club", label: "Sports Club" },
  { value: "spa", label: "Spa" },
  { value: "massage", label: "Massage" },
  { value: "physiotherapy", label: "Physiotherapy" },
  { value: "pharmacy", label: "Pharmacy" },
  { value: "herbalist", label: "Herbalist" },
  { value: "dentist", label: "Dentist" },
  { value: "optician", label: "Optician" },
  { value: "clinic", label: "Clinic" },
  { value: "beauty", label: "Beauty" },
  { value: "hair_salon", label: "Hair Salon" },
  { value: "barber", label: "Barber" },
  { value: "nail_salon", label: "Nail Salon" },
  { value: "tattoo", label: "Tattoo" },
  { value: "cosmetics", label: "Cosmetics" },
  // Shops
  { value: "retail", label: "Retail" },
  { value: "clothing", label: "Clothing" },
  { value: "haberdashery", label: "Haberdashery" },
  { value: "shoes", label: "Shoes" },
  { value: "jewelry", label: "Jewelry" },
  { value: "electronics", label: "Electronics" },
  { value: "books", label: "Books" },
  { value: "stationery", label: "Stationery" },
  { value: "newsstand", label: "Newsstand" },
  { value: "florist", label: "Florist" },
  { value: "gifts", label: "Gifts" },
  { value: "toys", label: "Toys" },
  { value: "furniture", label: "Furniture" },
  { value: "home_goods", label: "Home Goods" },
  { value: "hardware", label: "Hardware" },
  { value: "sporting_goods", label: "Sporting Goods" },
  { value: "bike_shop", label: "Bike Shop" },
  { value: "department_store", label: "Department Store" },
  // Services, stays and leisure
  { value: "pets", label: "Pets" },
  { value: "veterinary", label: "Veterinary" },
  { value: "car_wash", label: "Car Wash" },
  { value: "car_repair", label: "Car Repair" },
  { value: "gas_station", label: "Gas Station" },
  { value: "laundry", label: "Laundry" },
  { value: "dry_cleaner", label: "Dry Cleaner" },
  { value: "hotel", label: "Hotel" },
  { value: "hostel", label: "Hostel" },
  { value: "travel_agency", label: "Travel Agency" },
  { value: "cinema", label: "Cinema" },
  { value: "bowling", label: "Bowling" },
  { value: "nightclub", label: "Nightclub" },
  { value: "entertainment", label: "Entertainment" },
  { value: "museum", label: "Museum" },
  { value: "education", label: "Education" },
  { value: "coworking", label: "Coworking" },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryLabel = Category["label"];

export const CATEGORY_LABELS: readonly CategoryLabel[] = CATEGORIES.map((c) => c.label);

const labelSet = new Set<string>(CATEGORY_LABELS);
const valueByLabel = new Map<string, Category["value"]>(CATEGORIES.map((c) => [c.label, c.value]));

/** The stable value of a stored category label ("Fine Dining" → "fine_dining"), which the catalogs are keyed by; null for any other text. */
export function categoryValueOf(label: string): Category["value"] | null {
  return valueByLabel.get(label) ?? null;
}

export function isCategoryLabel(value: string): value is CategoryLabel {
  return labelSet.has(value);
}

/**
 * Google place type ids → category labels. Generic types (`establishment`,
 * `point_of_interest`, `store`, `food`…) say nothing about the business and map
 * to null, so they are dropped; unknown types are dropped too.
 */
export const PLACE_TYPE_LABELS: Readonly<Record<string, CategoryLabel | null>> = {
  establishment: null,
  point_of_interest: null,
  store: null,
  food: null,
  health: null,
  premise: null,
  political: null,
  geocode: null,
  street_address: null,
  finance: null,
  restaurant: "Restaurant",
  fine_dining_restaurant: "Fine Dining",
  fast_food_restaurant: "Fast Food",
  meal_takeaway: "Fast Food",
  meal_delivery: "Takeaway",
  cafe: "Cafe",
  coffee_shop: "Cafe",
  bakery: "Bakery",
  bar: "Bar",
  pub: "Pub",
  wine_bar: "Wine Bar",
  brewery: "Brewery",
  pizza_restaurant: "Pizzeria",
  hamburger_restaurant: "Burgers",
  sushi_restaurant: "Sushi",
  seafood_restaurant: "Seafood",
  steak_house: "Steakhouse",
  brunch_restaurant: "Brunch",
  breakfast_restaurant: "Brunch",
  vegetarian_restaurant: "Vegetarian",
  vegan_restaurant: "Vegan",
  ice_cream_shop: "Ice Cream",
  dessert_shop: "Desserts",
  confectionery: "Pastry Shop",
  chocolate_shop: "Chocolate Shop",
  juice_shop: "Juice Bar",
  tea_house: "Tea House",
  sandwich_shop: "Deli",
  grocery_or_supermarket: "Grocery",
  grocery_store: "Grocery",
  supermarket: "Supermarket",
  convenience_store: "Convenience Store",
  butcher_shop: "Butcher",
  liquor_store: "Wine Shop",
  gym: "Gym",
  fitness_center: "Gym",
  yoga_studio: "Yoga",
  spa: "Spa",
  massage: "Massage",
  physiotherapist: "Physiotherapy",
  pharmacy: "Pharmacy",
  drugstore: "Pharmacy",
  dentist: "Dentist",
  dental_clinic: "Dentist",
  doctor: "Clinic",
  beauty_salon: "Beauty",
  hair_salon: "Hair Salon",
  hair_care: "Hair Salon",
  barber_shop: "Barber",
  nail_salon: "Nail Salon",
  clothing_store: "Clothing",
  shoe_store: "Shoes",
  jewelry_store: "Jewelry",
  electronics_store: "Electronics",
  book_store: "Books",
  stationery_store: "Stationery",
  florist: "Florist",
  gift_shop: "Gifts",
  furniture_store: "Furniture",
  home_goods_store: "Home Goods",
  hardware_store: "Hardware",
  sporting_goods_store: "Sporting Goods",
  bicycle_store: "Bike Shop",
  department_store: "Department Store",
  shopping_mall: "Retail",
  pet_store: "Pets",
  veterinary_care: "Veterinary",
  car_wash: "Car Wash",
  car_repair: "Car Repair",
  gas_station: "Gas Station",
  laundry: "Laundry",
  lodging: "Hotel",
  hotel: "Hotel",
  hostel: "Hostel",
  travel_agency: "Travel Agency",
  movie_theater: "Cinema",
  bowling_alley: "Bowling",
  night_club: "Nightclub",
  amusement_center: "Entertainment",
  museum: "Museum",
  school: "Education",
  university: "Education",
};

/** Friendly labels for a place's types, in order, without duplicates or unmapped types. */
export function keywordsFromPlaceTypes(types: readonly string[]): CategoryLabel[] {
  const labels: CategoryLabel[] = [];
  for (const type of types) {
    const label = Object.hasOwn(PLACE_TYPE_LABELS, type) ? PLACE_TYPE_LABELS[type] : null;
    if (label && !labels.includes(label)) labels.push(label);
  }
  return labels;
}

// Case- and accent-insensitive, so "cafe", "CAFÉ" and "Café" all match "Cafe".
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/**
 * The labels a business can still pick: not chosen yet and containing the
 * typed text. Labels that start with the text come first.
 */
export function filterCategories(query: string, chosen: readonly string[]): CategoryLabel[] {
  const needle = fold(query);
  const taken = new Set(chosen);
  const open = CATEGORY_LABELS.filter((label) => !taken.has(label) && fold(label).includes(needle));
  if (!needle) return open;
  return [
    ...open.filter((label) => fold(label).startsWith(needle)),
    ...open.filter((label) => !fold(label).startsWith(needle)),
  ];
}

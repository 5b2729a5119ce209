// The business-profile form as the owner's profile editor submits it to
// updateBusinessProfileAction: a plain, valid profile that a test changes
// only where its case is about (a name, a tap limit, a colour, hostile text).

const EMPTY_THEME = {
  primaryColor: "",
  secondaryColor: "",
  accentColor: "",
  backgroundColor: "",
  textColor: "",
  descriptionColor: "",
  placeholderIcon: "store",
};

const PLAIN_PROFILE = {
  name: "Cafe",
  logoUrl: "",
  description: "",
  keywords: ["Cafe"] as string[],
  website: "",
  phone: "+34 600 000 000",
  address: "Carrer Major 1, Barcelona",
  socialLinks: [] as { network: string; url: string }[],
  dailyTapLimit: 5,
  timezone: "Europe/Madrid",
};

type ProfileOverrides = Partial<typeof PLAIN_PROFILE> & { theme?: Partial<typeof EMPTY_THEME> } & Record<
    string,
    unknown
  >;

export function profileForm({ theme, ...fields }: ProfileOverrides = {}) {
  return { ...PLAIN_PROFILE, ...fields, theme: { ...EMPTY_THEME, ...theme } };
}

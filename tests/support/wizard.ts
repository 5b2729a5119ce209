import { emptyWizardValues, type BusinessWizardInput } from "@/lib/validation/business-registration";

/** The registration wizard as a Barcelona baker fills it in, all three steps; `overrides` change a field. */
export function filledWizard(overrides: Partial<BusinessWizardInput> = {}): BusinessWizardInput {
  return {
    ...emptyWizardValues,
    businessName: "Forn de la Plaça",
    keywords: ["Bakery"],
    phone: "+34 931 234 567",
    address: "Plaça del Sol 3, Barcelona",
    language: "ca",
    timezone: "Europe/Madrid",
    firstName: "Marta",
    lastName: "Vidal",
    email: "marta@example.test",
    password: "a good password",
    confirmPassword: "a good password",
    ...overrides,
  };
}

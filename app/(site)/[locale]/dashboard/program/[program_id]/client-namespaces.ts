import { PROGRAM_FORM_NAMESPACES } from "@/components/programs/program-form-namespaces";

/**
 * The program editor's client components (the shell's are the layout's). Added to the shell's by
 * withPageMessages (components/i18n/page-messages.tsx).
 */
export const CLIENT_NAMESPACES = [...PROGRAM_FORM_NAMESPACES] as const;

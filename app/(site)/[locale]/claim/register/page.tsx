// Where a visitor claiming a tag lands: the same wizard as /register/business.
export { default, generateMetadata } from "@/app/(site)/[locale]/register/business/page";

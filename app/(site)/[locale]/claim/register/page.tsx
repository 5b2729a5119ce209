// Where a visitor claiming a tag lands: the same wizard as /register/business.
export { default, metadata } from "@/app/(site)/[locale]/register/business/page";

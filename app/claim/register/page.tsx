// Where a visitor claiming a tag lands (spec §4 "Claim click"): the same wizard as /register/business.
export { default, metadata } from "@/app/register/business/page";

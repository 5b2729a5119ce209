import { redirect } from "next/navigation";
import { requireAdmin } from "./require-admin";

export default async function AdminHome() {
  await requireAdmin();
  redirect("/admin/users");
}

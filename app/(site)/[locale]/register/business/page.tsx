import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { addBusinessAction } from "@/lib/actions/register-business";
import { googleSignInAction } from "@/lib/actions/login";
import { BusinessRegistrationScreen } from "@/components/business-registration/registration-screen";
import { googleEnabled } from "@/lib/auth";
import { getCurrentUser } from "@/lib/auth/current-user";
import { registrationQuery, type RegistrationSearchParams } from "@/lib/validation/registration";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("wizard"))("title") };
}

export default async function RegisterBusinessPage({ searchParams }: { searchParams: RegistrationSearchParams }) {
  const [{ tapId, redirect }, user] = await Promise.all([searchParams.then(registrationQuery), getCurrentUser()]);
  // Signed in: the business is added to this account instead of creating another one.
  const account = user
    ? { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email ?? user.phone ?? "" }
    : undefined;
  return (
    <BusinessRegistrationScreen
      tapId={tapId}
      redirect={redirect}
      googleEnabled={googleEnabled}
      googleSignIn={googleSignInAction}
      account={account}
      addBusiness={user ? addBusinessAction : undefined}
    />
  );
}

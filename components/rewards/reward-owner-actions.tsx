"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { redeemRewardAction, undoRedemptionAction } from "@/app/dashboard/redeem-reward/actions";
import { Button } from "@/components/ui/button";

export function ConfirmRedemptionButton({ rewardId }: { rewardId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      className="w-full"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await redeemRewardAction(rewardId);
          if (result.ok) toast.success("Reward redeemed", { description: result.name });
          else toast.error(result.error);
          router.refresh();
        })
      }
    >
      Confirm redemption
    </Button>
  );
}

export function UndoRedemptionButton({ rewardId }: { rewardId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="secondary"
      className="w-full"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await undoRedemptionAction(rewardId);
          if (result.ok) toast.success("Redemption undone");
          else toast.error(result.error);
          router.refresh();
        })
      }
    >
      Undo redemption
    </Button>
  );
}

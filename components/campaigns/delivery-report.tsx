import { getTranslations } from "next-intl/server";
import { DataTable, tableCell } from "@/components/ui/data-table";
import type { CampaignProgress } from "@/lib/campaigns/progress";
import type { CampaignChannel } from "@/lib/generated/prisma/enums";

const CHANNELS: CampaignChannel[] = ["WALLET", "PUSH", "EMAIL"];

/**
 * Per channel: queued, sent, failed, and opened / clicked where the channel
 * can tell. A wallet card never says when it was read, so its opens are a dash.
 */
export async function DeliveryReport({ progress }: { progress: CampaignProgress }) {
  const [t, channels] = await Promise.all([getTranslations("campaigns.detail"), getTranslations("campaigns.channels")]);
  const skipped = Object.values(progress.skipped).reduce((sum, n) => sum + n, 0);
  return (
    <div className="space-y-2">
      <DataTable
        testId="delivery-table"
        className="min-w-[32rem]"
        columns={[t("channel"), t("queued"), t("sent"), t("failed"), t("opened"), t("clicked")]}
      >
        {CHANNELS.map((channel) => {
          const row = progress.byChannel[channel];
          return (
            <tr key={channel}>
              <th scope="row" className={`${tableCell} font-medium`}>
                {channels(channel)}
              </th>
              <td className={tableCell}>{row.queued}</td>
              <td className={tableCell}>{row.sent}</td>
              <td className={tableCell}>{row.failed}</td>
              <td className={tableCell}>{channel === "WALLET" ? t("unknown") : row.opened}</td>
              <td className={tableCell}>{row.clicked}</td>
            </tr>
          );
        })}
      </DataTable>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("unknownNote")}</p>
      {skipped > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("skipped", { count: skipped })}</p>
      ) : null}
    </div>
  );
}

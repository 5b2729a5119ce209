import webpush from "web-push";
import { db } from "@/lib/db";
import { recordVisit } from "@/lib/tap/record-visit";
import { jobIdFor } from "@/lib/jobs/enqueue";
import { HANDLERS } from "@/lib/jobs/handlers";
import { startWorker } from "@/lib/jobs/worker";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { browserSubscription, decryptPush, startPushService, type PushService } from "../support/push-service";

// The whole way of a push: a tap fills a card, the reward's transaction queues
// push.reward-earned (lib/jobs/events.ts), a worker of the real job queue runs
// the handler, and the customer's browser (the stand-in push service on
// loopback, with the browser's keys here) receives the notification.

const vapid = webpush.generateVAPIDKeys();
const saved = { ...process.env };
let service: PushService;
let worker: { stop: () => Promise<void> };

beforeAll(async () => {
  Object.assign(process.env, {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    JOB_POLL_SECONDS: "1",
  });
  service = await startPushService();
  // The stand-in is on loopback: only this test-only setting lets the product reach it.
  process.env.LOYALTAP_TEST_PUSH_ORIGINS = service.origin;
  worker = await startWorker({ "push.reward-earned": HANDLERS["push.reward-earned"]! });
});
afterAll(async () => {
  await worker.stop();
  await service.close();
  process.env = { ...saved };
  await db.$disconnect();
});

test("a reward earned at a tap reaches the customer's subscribed browser through the job queue", async () => {
  const { business, tag } = await createBusiness({ dailyTapLimit: 2, programs: [stampsProgram(2)] });
  const { user } = await createUser({ language: "en" });
  const browser = browserSubscription(service);
  await db.pushSubscription.create({
    data: { userId: user.id, endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth },
  });

  const visit = () => recordVisit({ userId: user.id, businessId: business.id, tagId: tag.id, source: "TAG" });
  await visit();
  const second = await visit();
  if (!second.ok) throw new Error("visit refused");
  const rewardId = second.rewards[0]!.id;
  // The tap's transaction queued the job under the event's id. The integration files share one
  // queue, whose worker takes one job per poll: this one is put first, or it would wait behind
  // every reward the other files earned.
  const jobId = jobIdFor("push.reward-earned", `reward-earned:${rewardId}`);
  const queued =
    await db.$executeRaw`UPDATE jobs.job SET priority = 100 WHERE name = 'push.reward-earned' AND id = ${jobId}::uuid`;
  expect(queued).toBe(1);

  const pushes = () => service.received.filter((push) => push.path === browser.path);
  const deadline = Date.now() + 20_000;
  while (pushes().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(pushes()).toHaveLength(1);
  const [push] = pushes();
  expect(JSON.parse(decryptPush(push!.body, browser))).toMatchObject({
    title: `You earned a reward at ${business.name}`,
    body: "Free coffee is ready in your wallet. Show it at the counter.",
    url: `/dashboard/redeem-reward/${rewardId}`,
  });
}, 30_000);

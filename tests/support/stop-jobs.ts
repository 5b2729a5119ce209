// A test file that sent a job started the process's job queue (lib/jobs/boss.ts);
// stop it with the file, as the files disconnect the database.
afterAll(async () => {
  const { stopBoss } = await import("@/lib/jobs/boss");
  await stopBoss();
});

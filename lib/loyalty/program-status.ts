// A program's status as its owner sees it: ended for good, paused, or active.

export type ProgramStatus = "Active" | "Paused" | "Ended";

export function programStatus(program: { active: boolean; endedAt: Date | null }): ProgramStatus {
  if (program.endedAt) return "Ended";
  return program.active ? "Active" : "Paused";
}

/**
 * Reports on both engines: the store, the one-pending rule under concurrent filings, and staff
 * moderation under concurrent changes to one target (each recomputes the standing from what the
 * others committed, so the sanction the reports in force call for is the one that stands).
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../src/db/storage.js';
import { isUniqueViolation } from '../../src/db/errors.js';
import { createNotifier } from '../../src/notifications/notifier.js';
import { createModeration } from '../../src/reports/moderation.js';
import type { ReportType } from '../../src/reports/tables.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

const report = (reporterId: number, targetUserId: number, reportType: ReportType = 'SPAM') => ({
  reporterId,
  targetUserId,
  targetType: 'PROFILE' as const,
  targetRoomId: null,
  content: '도배',
  reportType,
  at: new Date(Date.UTC(2025, 0, 1)),
});

/** Moderation as the app builds it, with a notifier that stores notifications and pushes nowhere. */
function moderationOn(storage: Storage) {
  const logger = pino({ level: 'silent' });
  const notifier = createNotifier({
    storage,
    logger,
    pushes: { kick: async () => undefined, stop: async () => undefined },
    live: () => null,
  });
  const closed: number[] = [];
  const moderation = createModeration({
    storage,
    logger,
    settings: { warningsToSuspend: 3, suspensionMs: 3 * 86_400_000 },
    notifier,
    closeSockets: (userId) => closed.push(userId),
  });
  return { moderation, closed };
}

describe.each(ENGINES)('report store on %s', (engine) => {
  const storage = useTestStorage(engine);
  const reports = () => storage().reports;

  it('stores reports, lists and filters them newest first, and keeps one pending per pair', async () => {
    const [a, b, c] = await insertMembers(storage(), 3);
    const first = await reports().insert(report(a!.id, b!.id));
    expect(first).toMatchObject({ result: 'UNKNOWN', processedAt: null, createdAt: Date.UTC(2025, 0, 1) });
    expect(await reports().hasPending(a!.id, b!.id)).toBe(true);
    expect(await reports().hasPending(b!.id, a!.id)).toBe(false);
    const twice = await reports()
      .insert(report(a!.id, b!.id))
      .catch((err: unknown) => err);
    expect(isUniqueViolation(twice)).toBe(true);
    const second = await reports().insert(report(c!.id, b!.id, 'CUSS'));
    expect((await reports().list({})).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await reports().list({ type: 'CUSS' })).map((r) => r.id)).toEqual([second.id]);
    await reports().setResult(first.id, {
      result: 'WARNING',
      reportContent: '경고',
      assignedUserId: c!.id,
      at: new Date(5),
    });
    expect((await reports().list({ result: 'UNKNOWN' })).map((r) => r.id)).toEqual([second.id]);
    expect(await reports().find(first.id)).toMatchObject({ result: 'WARNING', assignedUserId: c!.id, processedAt: 5 });
    expect((await reports().inForce(b!.id)).map((r) => r.id)).toEqual([first.id]);
    expect(await reports().reset(first.id)).toMatchObject({
      result: 'UNKNOWN',
      reportContent: null,
      processedAt: null,
    });
    expect(await reports().inForce(b!.id)).toEqual([]);
    // Processed again, the pair may report once more.
    await reports().setResult(first.id, { result: 'NONE', reportContent: '', assignedUserId: c!.id, at: new Date(6) });
    expect(await reports().hasPending(a!.id, b!.id)).toBe(false);
    await reports().insert(report(a!.id, b!.id));
    expect(await reports().find(999_999)).toBeUndefined();
    expect(await storage().transaction((tx) => tx.reports.lock(first.id))).toMatchObject({ id: first.id });
  });

  it('keeps the audit trail with its JSON before and after', async () => {
    const [a, b] = await insertMembers(storage(), 2);
    const r = await reports().insert(report(a!.id, b!.id));
    const before = { report: { result: 'UNKNOWN' }, user: { role: 'ROLE_MEMBER', suspendedUntil: null } };
    const after = { report: { result: 'BAN' }, user: { role: 'ROLE_BANNED', note: '한국어 "인용"' } };
    await reports().insertAudit({
      actorId: a!.id,
      action: 'PROCESS',
      reportId: r.id,
      targetUserId: b!.id,
      before,
      after,
      at: new Date(7),
    });
    await reports().insertAudit({
      actorId: a!.id,
      action: 'RESTORE',
      reportId: r.id,
      targetUserId: b!.id,
      before: after,
      after: before,
      at: new Date(8),
    });
    const trail = await reports().auditOf(r.id);
    expect(trail.map((e) => e.action)).toEqual(['PROCESS', 'RESTORE']);
    expect(trail[0]).toEqual({
      actorId: a!.id,
      action: 'PROCESS',
      reportId: r.id,
      targetUserId: b!.id,
      before,
      after,
      at: new Date(7),
    });
  });

  it('race: of many concurrent filings for one pair, exactly one is stored', async () => {
    const [a, b] = await insertMembers(storage(), 2);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => reports().insert(report(a!.id, b!.id))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.every((r) => r.status === 'fulfilled' || isUniqueViolation(r.reason))).toBe(true);
  });

  it('race: three warnings processed at once against one member suspend them (the third warning counts)', async () => {
    const [admin, target, ...reporters] = await insertMembers(storage(), 5);
    await storage().users.setRole(admin!.id, 'ROLE_ADMIN');
    const filed = await Promise.all(reporters.map((r) => reports().insert(report(r.id, target!.id))));
    const { moderation, closed } = moderationOn(storage());
    await Promise.all(
      filed.map((r) => moderation.process(r.id, admin!.id, { result: 'WARNING', reportContent: '경고' })),
    );
    expect((await storage().users.findById(target!.id))?.role).toBe('ROLE_SUSPENDED');
    expect(closed).toContain(target!.id);
    // Every audit entry saw the standing its own change left: exactly one of them suspended.
    const trails = await Promise.all(filed.map((r) => reports().auditOf(r.id)));
    const roles = trails.map((t) => (t[0]!.after as { user: { role: string } }).user.role).sort();
    expect(roles).toEqual(['ROLE_MEMBER', 'ROLE_MEMBER', 'ROLE_SUSPENDED']);
  });

  it('race: a report restored and edited at once ends as the later change left it, each audited in turn', async () => {
    const [admin, target, reporter] = await insertMembers(storage(), 3);
    await storage().users.setRole(admin!.id, 'ROLE_ADMIN');
    const filed = await reports().insert(report(reporter!.id, target!.id));
    const { moderation } = moderationOn(storage());
    await moderation.process(filed.id, admin!.id, { result: 'BAN', reportContent: '정지' });
    const outcomes = await Promise.allSettled([
      moderation.restore(filed.id, admin!.id),
      moderation.process(filed.id, admin!.id, { result: 'SUSPENSION', reportContent: '변경' }),
    ]);
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    const final = (await reports().find(filed.id))!;
    const user = (await storage().users.findById(target!.id))!;
    expect(user.role).toBe(final.result === 'SUSPENSION' ? 'ROLE_SUSPENDED' : 'ROLE_MEMBER');
    expect(
      (await reports().auditOf(filed.id))
        .map((e) => e.action)
        .slice(1)
        .sort(),
    ).toEqual(final.result === 'SUSPENSION' ? ['PROCESS', 'RESTORE'] : ['EDIT', 'RESTORE']);
  });
});

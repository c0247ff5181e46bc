/** The commands of `npm run console` (see console-cli.ts), apart from the process around them. */
import { PERMISSIONS, isPermission, type Permission } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createStaffModule } from './staff.module.ts';

const USAGE = `usage:
  npm run console -- create-owner <login>
  npm run console -- create-api-key <name> --permissions all|<permission>,<permission> --days <1-366>`;

export interface ConsoleCommandResult {
  exitCode: number;
  lines: string[];
}

/** Runs one command against `db`; what it prints comes back as lines, so a test can run it too. */
export async function runConsoleCommand(db: Db, args: readonly string[], publicUrl: string): Promise<ConsoleCommandResult> {
  const [command, ...rest] = args;
  const staff = await createStaffModule(db, { publicUrl });
  try {
    if (command === 'create-owner' && rest.length === 1) {
      const owner = await staff.admin.createOwner(rest[0]!);
      return {
        exitCode: 0,
        lines: [
          `owner ${owner.staff.login} (id ${owner.staff.id}) is invited.`,
          `Open this link within 24 hours (until ${owner.expiresAt}) to set the password and enrol two-factor:`,
          owner.link,
        ],
      };
    }
    if (command === 'create-api-key' && rest.length >= 1) {
      const options = parseOptions(rest.slice(1));
      const permissions = parsePermissions(options.get('permissions'));
      const days = Number(options.get('days'));
      if (!permissions || !Number.isInteger(days) || days < 1 || days > 366) return { exitCode: 2, lines: [USAGE] };
      const { key, row } = await staff.keys.create({
        name: rest[0]!,
        permissions,
        expiresAt: new Date(Date.now() + days * 86_400_000),
        createdBy: null,
        approved: true,
      });
      return {
        exitCode: 0,
        lines: [
          `API key ${row.name} (id ${row.id}), valid until ${row.expires_at.toISOString()}; send it in the x-api-key header. It is shown this once:`,
          key,
        ],
      };
    }
    return { exitCode: 2, lines: [USAGE] };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 1, lines: [error.detail ?? `error ${error.code}`] };
    if ((error as { code?: string }).code === '23505') return { exitCode: 1, lines: ['that name is taken already'] };
    if ((error as { code?: string }).code === '23514')
      return { exitCode: 1, lines: ['that name is not allowed (logins: 3-64 of a-z 0-9 . _ @ -; key names: 3-64 characters)'] };
    throw error;
  }
}

function parseOptions(args: readonly string[]): Map<string, string> {
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]!);
    if (!match) continue;
    options.set(match[1]!, match[2] ?? args[++i] ?? '');
  }
  return options;
}

function parsePermissions(value: string | undefined): Permission[] | null {
  if (!value) return null;
  if (value === 'all') return [...PERMISSIONS];
  const names = value.split(',').map((name) => name.trim());
  return names.every(isPermission) ? (names as Permission[]) : null;
}

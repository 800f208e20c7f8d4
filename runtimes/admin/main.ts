#!/usr/bin/env node
import 'reflect-metadata';
import { Container } from 'inversify';
import { isDomainError } from '../../core/shared/errors.js';
import { loadConfig } from '../shared/config.js';
import { bindAttestationServices, bindAttestationSql } from '../shared/composition/attestation.module.js';
import { openDatabase } from '../shared/composition/open-database.js';
import { bindPlatform } from '../shared/composition/platform.module.js';
import { createLogger } from '../shared/logger.js';
import { findCommand, usageText } from './commands.js';

/**
 * svc-admin: one JSON object on stdout per command; on failure a message on stderr and a
 * non-zero exit (2 for bad usage or input, 1 for anything else).
 */
async function main(argv: string[]): Promise<number> {
  const found = findCommand(argv);
  if (!found) {
    process.stderr.write(argv.length === 0 || argv[0] === '--help' ? usageText() : `svc-admin: unknown command "${argv.join(' ')}"\n${usageText()}`);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 2);
  const database = await openDatabase(config);
  try {
    const container = new Container();
    bindPlatform(container, { config, logger, database });
    bindAttestationSql(container);
    bindAttestationServices(container);
    const result = await found.command.run(container, found.rest);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    if (isDomainError(err)) {
      process.stderr.write(`svc-admin: ${err.message}\n  usage: svc-admin ${found.command.usage}\n`);
      return err.code === 'VALIDATION' ? 2 : 1;
    }
    process.stderr.write(`svc-admin: failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`svc-admin: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);

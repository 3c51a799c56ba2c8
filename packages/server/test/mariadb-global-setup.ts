/**
 * vitest globalSetup of the server-mariadb project: one throwaway MariaDB for the run (each test
 * file creates its own database on it), stopped by PID at the end.
 */
import type { TestProject } from 'vitest/node';
import { startMariaDb } from './mariadb-server';
import './provided';

export default async function setup(project: TestProject) {
  const server = await startMariaDb();
  project.provide('mariadbUrl', server.url);
  return async () => {
    await server.stop();
  };
}

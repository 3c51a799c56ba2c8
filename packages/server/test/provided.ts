/** Values the vitest configs and global setups hand to the tests (`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the server suite runs on (set by the project config). */
    testDatabase: 'sqlite' | 'mariadb';
    /** `mysql://root@127.0.0.1:<port>` of the throwaway MariaDB (server-mariadb only). */
    mariadbUrl: string;
  }
}

export {};

// How each small server runs as a process: started by `start`, stopped cleanly by `stop` on SIGTERM
// or SIGINT (exit 0, or 1 when stopping failed); a start that fails prints why and exits 1.
export function runServer(start: () => Promise<{ stop(): Promise<unknown> }>): void {
  start().then(
    (server) => {
      const stop = () => {
        server.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

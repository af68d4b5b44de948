// The end-to-end journeys' SMTP sink (e2e/smtp-sink.mjs), which the events bench sends mail to.
declare module '*/smtp-sink.mjs' {
  export function startSmtpSink(ports: { smtpPort: number; httpPort: number }): {
    count(): number;
    close(): void;
  };
}

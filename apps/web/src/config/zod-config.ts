import { z } from 'zod';

// zod compiles object parsers with Function() unless told not to, probing for it when a schema is defined. The
// Content-Security-Policy forbids eval (docs/security.md), and even the probe is reported as a violation. Imported
// first by main.tsx, so it runs before any module that defines a schema.
z.config({ jitless: true });

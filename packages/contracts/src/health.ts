import { z } from 'zod';

export const healthSchema = z.object({
  version: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  database: z.enum(['up', 'down']),
  services: z.array(z.string()),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

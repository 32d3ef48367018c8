// TEMPORARY scratch wiring (not to be committed): simulates the lead's app.ts wiring.
import { vi } from 'vitest';
import type { FastifyInstance } from 'fastify';

vi.mock('../../server/src/modules/public/public-config.routes', async (importOriginal) => {
  const orig =
    await importOriginal<typeof import('../../server/src/modules/public/public-config.routes')>();
  const files = await import('../../server/src/modules/files/files.routes');
  const profile = await import('../../server/src/modules/profile/profile.routes');
  return {
    ...orig,
    publicConfigRoutes: (
      app: FastifyInstance,
      deps: Parameters<typeof orig.publicConfigRoutes>[1],
    ) => {
      void files.registerFileSupport(app);
      files.fileRoutes(app, { db: deps.db.kysely, dataDir: deps.config.dataDir });
      profile.profileRoutes(app, { db: deps.db.kysely, auth: deps.config.auth });
      return orig.publicConfigRoutes(app, deps);
    },
  };
});
vi.mock('../../server/src/cms/cms.routes', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../server/src/cms/cms.routes')>();
  const files = await import('../../server/src/modules/files/files.routes');
  return {
    ...orig,
    cmsRoutes: (app: FastifyInstance, deps: Parameters<typeof orig.cmsRoutes>[1]) =>
      orig.cmsRoutes(app, { ...deps, tailHandlers: [files.handleFileRequest] }),
  };
});

import './files.test';
import './profile.test';

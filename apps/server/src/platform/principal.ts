import type { TenantTypeId } from '@caseport/domain/auth/roles';

/** Who is calling, from the session only (SECURITY 3): never from a body, query or header. */
export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  tenantId: string | null;
  tenantType: TenantTypeId | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

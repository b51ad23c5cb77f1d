import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoading } from '../platform/ui/PageLoading';
import { isAllowed, type RouteAccess } from './routes';
import { homePathFor, useRequiredUser, type CurrentUser } from '../auth';

/** Props of {@link RequireAccess}. */
export interface RequireAccessProps {
  access: RouteAccess;
  /** Shown while the current user loads (and while the browser leaves for sign-in). */
  fallback?: ReactNode;
  /** The guarded content, or a function of the signed-in user. */
  children: ReactNode | ((user: CurrentUser) => ReactNode);
}

/**
 * The role guard (docs/product.md#route-table, docs/product.md#route-access). For
 * `'anyone'` it renders its children at once. Otherwise it loads the current
 * user (the browser goes to sign in when that fails), then renders the
 * children if the user's role is allowed and redirects to the role's own home
 * (`homePathFor`, docs/product.md#route-access) if not.
 */
export function RequireAccess({ access, fallback, children }: RequireAccessProps) {
  if (access === 'anyone') return <>{typeof children === 'function' ? null : children}</>;
  return (
    <SignedIn access={access} fallback={fallback}>
      {children}
    </SignedIn>
  );
}

function SignedIn({ access, fallback = <PageLoading />, children }: RequireAccessProps) {
  const user = useRequiredUser();
  if (!user) return <>{fallback}</>;
  if (!isAllowed(access, user.role)) return <Navigate to={homePathFor(user.role)} replace />;
  return <>{typeof children === 'function' ? children(user) : children}</>;
}

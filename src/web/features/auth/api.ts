import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/auth';
import { ApiError, apiJson, errorMessage, parseAnswer, readFetch } from '#web/lib/request';
import { isMobileClient } from '#web/lib/device';
import { clearBrowserStorage } from '#web/lib/storage';
import { toast, type ToastInput } from '#web/components/ui/use-toast';
import { signOutWithDevice } from '#web/lib/push-device';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/**
 * The auth check: 401 means signed out (and the browser's storage is cleared);
 * any other failure is "Authentication check failed".
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const res = await readFetch('/api/auth/user', {
    credentials: 'include',
    cache: 'no-store',
    headers: {
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'X-Mobile-Client': isMobileClient() ? 'true' : 'false',
    },
  });
  if (res.status === 401) {
    clearBrowserStorage();
    return null;
  }
  if (!res.ok) throw new Error('Authentication check failed');
  return parseAnswer<CurrentUser | null>(await res.text()) || null;
}

export interface LoginInput {
  email: string;
  password: string;
}
export interface LoginResult {
  success: boolean;
  message: string;
  user: CurrentUser;
}
export interface RegisterInput {
  email: string;
  password: string;
  confirmPassword: string;
  confirmAge: boolean;
  acceptTerms: boolean;
}

/**
 * The signed-in user. `refetchOnMount: false` for a part that only reads a preference: mounting it
 * (a price line appearing with a live price) then asks the server nothing when the user is known.
 */
export function useCurrentUser(options: { refetchOnMount?: false } = {}) {
  return useQuery({ queryKey: AUTH_USER_KEY, queryFn: fetchCurrentUser, retry: false, ...options });
}

/** Signed in: the user is stored at once, then refetched. */
function storeUser(queryClient: QueryClient, user: CurrentUser) {
  queryClient.setQueryData(AUTH_USER_KEY, user);
  void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
}

export interface LoginOptions {
  /** The success toast; the sign-in page says "Login successful!" / "Redirecting...". */
  successToast?: (user: CurrentUser) => ToastInput | null;
}

export function useLoginMutation({ successToast }: LoginOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<LoginResult>('POST', '/api/login', input),
    onSuccess: (result) => {
      storeUser(queryClient, result.user);
      const t = successToast
        ? successToast(result.user)
        : { title: 'Login successful', description: `Welcome back, ${result.user.email}!` };
      if (t) toast(t);
    },
    onError: (err) => {
      const description =
        err instanceof ApiError
          ? errorMessage(err, 'Please try again')
          : errorMessage(err, 'Network error. Please try again.');
      toast({ title: 'Login failed', description, variant: 'destructive' });
    },
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiJson<{ user: CurrentUser }>('POST', '/api/register', input),
    onSuccess: (result) => {
      storeUser(queryClient, result.user);
      toast({
        title: 'Account created',
        description: 'Welcome to VBG! Choose your membership to unlock the members’ area.',
      });
    },
    onError: (err) => {
      toast({
        title: 'Registration failed',
        description: errorMessage(err, 'Please try again'),
        variant: 'destructive',
      });
    },
  });
}

function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOutWithDevice((body) => apiJson<{ message: string }>('POST', '/api/logout', body)),
    onSuccess: async () => {
      clearBrowserStorage();
      queryClient.setQueryData(AUTH_USER_KEY, null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      // Everything cached was fetched as the signed-in user: fetch it again as a visitor.
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      toast({ title: 'Logout failed', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    },
  });
}

export function useAuth() {
  const query = useCurrentUser();
  const login = useLoginMutation();
  const logout = useLogoutMutation();
  const register = useRegisterMutation();
  const user = query.data ?? null;
  const isAdmin = user?.role === 'admin';
  return {
    user,
    /** True only until the first answer of the auth check. */
    isLoading: query.isPending,
    isAuthenticated: !!user,
    isAdmin,
    /** Active subscription, admin, or the open-access setting (the server decides). */
    hasMemberAccess: !!user && (isAdmin || user.hasMemberAccess),
    error: query.error,
    refetch: query.refetch,
    login,
    logout,
    register,
  };
}

/** "Forgot password?" and the e-mailed link's page. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<{ success: boolean; message: string }>('POST', '/api/forgot-password', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; confirmPassword: string }) =>
      apiJson<{ success: boolean; message: string }>('POST', '/api/reset-password', input),
  });
}

/** The member e-mails switch on the account page (the unsubscribe link turns it off too). */
export function useEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailOptOut: boolean) =>
      apiJson<{ success: boolean; message: string; emailOptOut: boolean }>('PUT', '/api/email-preference', {
        emailOptOut,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData<CurrentUser | null>(AUTH_USER_KEY, (u) =>
        u ? { ...u, emailOptOut: result.emailOptOut } : u,
      );
    },
  });
}

/** Why a form posted without JavaScript was refused, above the form (nothing when it was not). */
export function FormRefusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {message}
    </p>
  );
}

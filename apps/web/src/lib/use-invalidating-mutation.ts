import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation that, once it succeeds, refreshes every list under the given query keys (and waits for them). */
export const useInvalidatingMutation = <B, A>(fn: (body: B) => Promise<A>, keys: readonly (readonly unknown[])[]) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

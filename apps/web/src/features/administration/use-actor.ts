import { useAppSelector } from '../../app/store';

/** The signed-in user's id, stamped on created_by, modified_by and delete paths (spec section 3). */
export function useActorId(): number {
  return useAppSelector((state) => state.auth.user?.user_id ?? 0);
}

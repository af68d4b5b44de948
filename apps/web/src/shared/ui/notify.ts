import { toast } from 'react-toastify';

/** The few toast kinds the product uses; callers pass spec messages from @nexus/contracts. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
  warning: (message: string) => toast.warning(message),
};

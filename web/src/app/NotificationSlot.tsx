import { IconButton } from '../ui/Button';
import { BellIcon } from '../ui/icons';
import { showToast } from '../ui/toast';

/** The bell's place in the header. The notifications feature replaces this stand-in with the live panel. */
export function NotificationSlot() {
  return (
    <IconButton label="알림" onClick={() => showToast('알림 기능을 준비하고 있어요.')}>
      <BellIcon />
    </IconButton>
  );
}

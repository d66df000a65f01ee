import { useSignals } from '@preact/signals-react/runtime';
import { qualityToast } from '../../engine/signals';

/** Spec: 'Optimizing for your device...' for 3 s on a dip, 'Performance optimized' for 2 s. */
export function PerformanceToast() {
  useSignals();
  const text = qualityToast.value;
  if (text === null) return null;
  return (
    <div
      className="performance-toast"
      role="status"
      data-testid="performance-toast"
      data-occludes=""
    >
      {text}
    </div>
  );
}

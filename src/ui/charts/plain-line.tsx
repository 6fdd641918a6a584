// A line shape for recharts' <Line shape={…}> that never measures its path. recharts 3 reads the
// SVG path's getTotalLength() on every render of every line (for its entrance animation, even
// with isAnimationActive off): a forced layout per line, which added up to most of a long task
// when ten arena lines or a long token line were drawn again. Without the path ref it reads
// nothing; the curve drawn is recharts' own.
import { Curve } from 'recharts';
import type { LineDrawShapeProps } from 'recharts/types/cartesian/LineDrawShape';

export function plainLine(props: LineDrawShapeProps) {
  // The animation props are the line shape's own, not the curve's (nothing animates here).
  const {
    pathRef: _unread,
    visibleLength: _length,
    animationElapsedTime: _elapsed,
    isAnimating: _animating,
    isEntrance: _entrance,
    ...curve
  } = props as LineDrawShapeProps & Record<string, unknown>;
  return <Curve {...curve} />;
}

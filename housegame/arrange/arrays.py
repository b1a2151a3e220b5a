"""Array type aliases shared by the auto-arrange modules."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
IntP = npt.NDArray[np.intp]

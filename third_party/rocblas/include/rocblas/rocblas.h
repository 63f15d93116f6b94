/* ************************************************************************
 * Copyright 2016-2022 Advanced Micro Devices, Inc.
 * ************************************************************************ */

/*!\file
 * \brief rocblas.h includes other *.h and exposes a common interface
 */

#ifndef _ROCBLAS_H_
#define _ROCBLAS_H_

/* library headers */
#include "internal/rocblas-auxiliary.h"
#include "internal/rocblas-export.h"
#include "internal/rocblas-functions.h"
#include "internal/rocblas-types.h"
#include "internal/rocblas-version.h"

#endif // _ROCBLAS_H_

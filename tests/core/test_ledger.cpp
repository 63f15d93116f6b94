// The ledger's routing (core/ledger.hpp): work counts into the innermost open scope's counters,
// nothing outside a scope, and library calls are counted apart from kernels.
#include "core/ledger.hpp"

#include <gtest/gtest.h>

namespace fourfold {
namespace {

TEST(Ledger, CountsIntoTheInnermostScopeOnly) {
  Counters outer, inner;
  EXPECT_EQ(current_ledger(), nullptr);
  count_work(WorkKind::norm, 100.0);  // no scope: dropped
  {
    const LedgerScope a(outer);
    EXPECT_EQ(current_ledger(), &outer);
    count_work(WorkKind::norm, 100.0);
    {
      const LedgerScope b(inner);
      count_work(WorkKind::softmax, 40.0, 2);
      count_work(WorkKind::copy, 8.0, 1, Launch::library);
    }
    EXPECT_EQ(current_ledger(), &outer);  // closing the inner scope restored the outer one
    count_work(WorkKind::norm, 50.0);
  }
  EXPECT_EQ(current_ledger(), nullptr);
  const LedgerTotals o = outer.ledger(), i = inner.ledger();
  EXPECT_EQ(o.launches_of(WorkKind::norm), 2);
  EXPECT_DOUBLE_EQ(o.bytes_of(WorkKind::norm), 150.0);
  EXPECT_EQ(o.total_launches(), 2);
  EXPECT_EQ(o.library_launches, 0);
  EXPECT_EQ(i.launches_of(WorkKind::softmax), 2);
  EXPECT_DOUBLE_EQ(i.bytes_of(WorkKind::softmax), 40.0);
  EXPECT_EQ(i.total_launches(), 3);
  EXPECT_EQ(i.library_launches, 1);
  EXPECT_DOUBLE_EQ(i.total_bytes(), 48.0);
}

TEST(Ledger, DifferenceOfTwoReadingsIsTheWorkBetween) {
  Counters counters;
  counters.add_work(WorkKind::gemm, 1000.0, 3, Launch::library);
  const LedgerTotals before = counters.ledger();
  counters.add_work(WorkKind::gemm, 10.0, 1, Launch::library);
  counters.add_work(WorkKind::conversion, 6.0);
  const LedgerTotals d = counters.ledger() - before;
  EXPECT_EQ(d.launches_of(WorkKind::gemm), 1);
  EXPECT_DOUBLE_EQ(d.bytes_of(WorkKind::gemm), 10.0);
  EXPECT_EQ(d.launches_of(WorkKind::conversion), 1);
  EXPECT_EQ(d.library_launches, 1);
  EXPECT_EQ(d.total_launches(), 2);
  for (int k = 0; k < work_kind_count; ++k) EXPECT_STRNE(work_kind_name(static_cast<WorkKind>(k)), "?");
}

}  // namespace
}  // namespace fourfold

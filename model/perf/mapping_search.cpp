#include "perf/mapping_search.h"

#include <algorithm>
#include <numeric>

namespace podplanner::model::perf {

namespace {

// Innermost first: the order practitioners lay mesh axes on a network (Llama 3's
// [TP, CP, PP, DP]; MaxText's ICI tensor/fsdp and DCN data).
constexpr std::array<std::uint8_t, kMeshAxes> kConventional = {kTp, kCp, kEp, kPp, kFsdp, kDp};

// Level speed rank: 0 fastest (torus, NVLink), then DCN, WAN.
int speed(Level level) {
    return level == Level::Wan ? 2 : level == Level::Dcn ? 1 : 0;
}

// MaxText's default mesh puts data parallelism on the data-center network (its
// dcn_data_parallelism is -1, every other dcn_* axis 1): the DCN and WAN carry as much of dp as
// they can hold before any other axis may use them.
bool dataParallelOutermost(const JobContext& ctx, const Layout& layout, const MeshMapping& m) {
    if (ctx.framework.kind != Framework::MaxText || layout.sizes[kDp] == 1)
        return true;
    int slow = 1, dpOnSlow = 1;
    for (int p = 0; p < ctx.fabric.count; ++p)
        if (ctx.fabric.axes[static_cast<std::size_t>(p)].level >= Level::Dcn)
            slow *= ctx.fabric.axes[static_cast<std::size_t>(p)].size;
    for (int i = 0; i < m.count; ++i) {
        const Segment& seg = m.segments[static_cast<std::size_t>(i)];
        if (seg.mesh == kDp && ctx.fabric.axes[seg.physical].level >= Level::Dcn)
            dpOnSlow *= seg.factor;
    }
    return dpOnSlow == std::gcd(layout.sizes[kDp], slow);
}

// Keeps the fastest mapping overall and, for each inversion count, the fastest with it.
struct Candidates {
    struct Entry {
        bool set = false;
        StepResult result;
        MeshMapping mapping;
    };
    std::array<Entry, 32> byInversions{};
    bool any = false;
    double fastest = 0;

    void offer(const JobContext& ctx, const Layout& layout, const MeshMapping& mapping) {
        if (!dataParallelOutermost(ctx, layout, mapping))
            return;
        Layout trial = layout;
        trial.mapping = mapping;
        const StepResult r = evaluateLayout(ctx, trial);
        const auto k =
            static_cast<std::size_t>(std::min(31, mappingInversions(mapping, ctx.fabric)));
        Entry& e = byInversions[k];
        if (!e.set || r.stepS < e.result.stepS)
            e = {true, r, mapping};
        if (!any || r.stepS < fastest)
            fastest = r.stepS;
        any = true;
    }

    bool pick(Layout& layout, StepResult& result) const {
        for (const Entry& e : byInversions)
            if (e.set && e.result.stepS <= fastest * (1 + kMappingTolerance)) {
                layout.mapping = e.mapping;
                result = e.result;
                return true;
            }
        return false;
    }
};

// Depth-first over the ways to split each mesh axis (innermost first) into factors of the
// physical axes' remaining capacity; every complete split is timed. Bounded in leaves.
class SplitSearch {
  public:
    SplitSearch(const JobContext& ctx, const Layout& layout, Candidates& candidates)
        : ctx_(ctx), layout_(layout), candidates_(candidates) {
        used_.fill(1);
    }

    void run() { nextAxis(0); }

  private:
    static constexpr std::array<std::uint8_t, kMeshAxes> kOrder = {kTp, kEp, kCp, kPp, kFsdp, kDp};
    static constexpr int kMaxLeaves = 20000;

    void nextAxis(std::size_t orderIndex) {
        while (orderIndex < kMeshAxes && layout_.sizes[kOrder[orderIndex]] == 1)
            ++orderIndex;
        if (orderIndex == kMeshAxes) {
            ++leaves_;
            candidates_.offer(ctx_, layout_, mapping_);
            return;
        }
        split(orderIndex, 0, layout_.sizes[kOrder[orderIndex]]);
    }

    void split(std::size_t orderIndex, int physical, int remaining) {
        if (leaves_ >= kMaxLeaves)
            return;
        if (remaining == 1) {
            nextAxis(orderIndex + 1);
            return;
        }
        if (physical == ctx_.fabric.count)
            return;
        const auto pi = static_cast<std::size_t>(physical);
        const int capacity = ctx_.fabric.axes[pi].size / used_[pi];
        for (int factor = 1; factor <= std::gcd(remaining, capacity); ++factor) {
            if (remaining % factor != 0 || capacity % factor != 0)
                continue;
            if (factor > 1 && mapping_.count == static_cast<int>(mapping_.segments.size()))
                return;
            if (factor > 1) {
                mapping_.segments[static_cast<std::size_t>(mapping_.count++)] = Segment{
                    kOrder[orderIndex], static_cast<std::uint8_t>(physical), factor, used_[pi]};
                used_[pi] *= factor;
            }
            split(orderIndex, physical + 1, remaining / factor);
            if (factor > 1) {
                used_[pi] /= factor;
                --mapping_.count;
            }
        }
    }

    const JobContext& ctx_;
    const Layout& layout_;
    Candidates& candidates_;
    MeshMapping mapping_;
    std::array<int, kMaxPhysicalAxes> used_{};
    int leaves_ = 0;
};

} // namespace

int mappingInversions(const MeshMapping& mapping, const JobFabric& fabric) {
    std::array<int, kMeshAxes> slowest{}, fastest{};
    fastest.fill(99);
    slowest.fill(-1);
    int strided = 0;
    for (int i = 0; i < mapping.count; ++i) {
        const Segment& seg = mapping.segments[static_cast<std::size_t>(i)];
        const int v = speed(fabric.axes[seg.physical].level);
        slowest[seg.mesh] = std::max(slowest[seg.mesh], v);
        fastest[seg.mesh] = std::min(fastest[seg.mesh], v);
        strided += seg.mesh == kTp && seg.stride > 1;
    }
    int inversions = 0;
    for (std::size_t a = 0; a < kMeshAxes; ++a)
        for (std::size_t b = a + 1; b < kMeshAxes; ++b) {
            const auto inner = kConventional[a], outer = kConventional[b];
            if (slowest[inner] >= 0 && fastest[outer] < 99 && slowest[inner] > fastest[outer])
                ++inversions;
        }
    return 2 * inversions + strided;
}

bool chooseBestMapping(const JobContext& ctx, Layout& layout, StepResult& result) {
    // A GPU framework fixes the mapping by its rank order; only when that does not fit the
    // nodes does the search below look for one that does.
    if (ctx.chip.isGpu()) {
        if (const auto mapping = greedyMapping(ctx.fabric, layout.sizes, ctx.framework.rankOrder)) {
            layout.mapping = *mapping;
            result = evaluateLayout(ctx, layout);
            return true;
        }
    }
    std::array<std::uint8_t, kMeshAxes> order = {kTp, kEp, kCp, kPp, kFsdp, kDp};
    // Only the order of axes larger than one matters; try every order of those.
    // Collected in ascending order, so next_permutation visits every order.
    std::array<std::uint8_t, kMeshAxes> active{};
    std::size_t n = 0;
    for (std::uint8_t a = 0; a < kMeshAxes; ++a)
        if (layout.sizes[a] > 1)
            active[n++] = a;
    Candidates candidates;
    do {
        std::array<std::uint8_t, kMeshAxes> candidate = active;
        std::size_t k = n;
        for (std::uint8_t a : order)
            if (layout.sizes[a] == 1)
                candidate[k++] = a;
        if (const auto mapping = greedyMapping(ctx.fabric, layout.sizes, candidate))
            candidates.offer(ctx, layout, *mapping);
    } while (
        std::next_permutation(active.begin(), active.begin() + static_cast<std::ptrdiff_t>(n)));
    SplitSearch(ctx, layout, candidates).run();
    return candidates.pick(layout, result);
}

} // namespace podplanner::model::perf

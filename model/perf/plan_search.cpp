#include "perf/plan_search.h"

#include "perf/plan_bounds.h"
#include "perf/plan_kept.h"

#include "perf/mapping_search.h"
#include "perf/memory_model.h"

#include <algorithm>
#include <map>
#include <optional>

namespace podplanner::model::perf {

namespace {

constexpr std::array<std::uint8_t, kMeshAxes> kGreedyOrder = {kTp, kEp, kCp, kPp, kFsdp, kDp};

std::vector<int> divisors(std::int64_t n) {
    std::vector<int> out;
    for (std::int64_t d = 1; d * d <= n; ++d)
        if (n % d == 0) {
            out.push_back(static_cast<int>(d));
            if (d * d != n)
                out.push_back(static_cast<int>(n / d));
        }
    std::sort(out.begin(), out.end());
    return out;
}

// Configurations that share their compute: the compute of a layout depends on the mesh sizes
// through tp, pp, ep, cp and the tokens per microbatch (so on dp x fsdp, not on how it splits),
// on the interleaving, sequence parallelism and recompute policy; not on ZeRO, the FSDP gather
// schedule, tp overlap or the mapping.
struct Group {
    int tp = 1, pp = 1, ep = 1, cp = 1;
    int batch = 1; // dp x fsdp
    int microbatches = 1;
    int virtualStages = 1;
    bool sequenceParallel = true;
    double bound = 0; // no configuration of the group has a shorter step
    std::int64_t configs = 0;
    double computeBound = 0; // of the group's compute alone
    int probeSplit = -1;     // the configuration that was timed for the bound
    int probeKnob = -1;
    bool probeFits = false;
    int splitSet = -1; // into Search::splitSets_
};

// The dp x fsdp splits of one (tp, pp, ep, cp, batch) with their greedy mappings, looked up
// once: the groups that differ only in microbatches, interleaving and sequence parallelism
// share them.
struct SplitSet {
    std::vector<MeshSizes> splits;
    std::vector<const std::optional<MeshMapping>*> greedy; // into the mapping cache, when looked up
    std::int64_t knobConfigs = 0;                          // knob combinations over the splits
};

class Search {
  public:
    Search(const JobContext& ctx, const SearchSpace& space, const SearchOptions& options)
        : ctx_(ctx), space_(space), options_(options), kept_(options.keep, options.mustBeat),
          // On GPUs the framework's rank order decides which axis crosses which link, as it
          // does when the finalists are mapped (chooseBestMapping): time them as they will run.
          order_(ctx.chip.isGpu() ? ctx.framework.rankOrder : kGreedyOrder),
          splitFree_(axesBeforeTheBatch(order_)) {
        makeKnobLists();
        // Policies that keep, offload and recompute the same tensors are one configuration to
        // the engine (outside MoE, save_dot_except_mlpwi and save_dot_except_mlp differ only
        // in a tensor the backward pass never reads): time the first, count the others as
        // equivalent.
        std::vector<ActivationPolicy> seen;
        const bool moe = ctx.job->model.isMoe();
        for (Recompute rc : space.recompute) {
            const ActivationPolicy p =
                activationPolicy(rc, ctx.job->training, ctx.framework.torchCheckpoint);
            const bool same = std::any_of(seen.begin(), seen.end(), [&](const auto& q) {
                return equivalentPolicies(q, p, moe);
            });
            if (same)
                ++equivalentPolicies_;
            else
                policies_.push_back(rc);
            seen.push_back(p);
        }
    }

    SearchResult run() {
        std::vector<Group> groups = enumerate();
        for (auto& g : groups) {
            if (stop())
                break;
            g.bound = probe(g);
        }
        if (options_.prune)
            std::stable_sort(groups.begin(), groups.end(),
                             [](const Group& a, const Group& b) { return a.bound < b.bound; });
        for (std::size_t i = 0; i < groups.size() && !stop(); ++i) {
            const Group& g = groups[i];
            if (options_.prune && g.bound >= kept_.threshold()) {
                // Sorted by bound: none of the rest can beat the kept candidates either.
                // (Their probes were timed and counted already.)
                for (std::size_t k = i; k < groups.size(); ++k)
                    result_.counts.prunedByTime +=
                        groups[k].configs - (groups[k].probeSplit >= 0 ? 1 : 0);
                break;
            }
            expand(g);
        }
        result_.best = kept_.take();
        return std::move(result_);
    }

  private:
    bool stop() {
        if (options_.cancel && options_.cancel->load())
            result_.cancelled = true;
        return result_.cancelled;
    }

    std::vector<int> microbatchCounts(std::int64_t perReplica, int pp) {
        std::vector<int> out;
        if (space_.everyMicrobatchCount) {
            for (int d : divisorsOf(perReplica))
                if (pp == 1 || d >= pp)
                    out.push_back(d);
            return out;
        }
        // Quick: the fewest microbatches that fill the pipeline, then doubled, while they divide.
        int first = 0;
        for (int d : divisorsOf(perReplica))
            if (d >= pp) {
                first = d;
                break;
            }
        for (std::int64_t m = first; first > 0 && m <= perReplica && out.size() < 4; m *= 2)
            if (perReplica % m == 0)
                out.push_back(static_cast<int>(m));
        return out;
    }

    std::vector<int> virtualStageCounts(int pp, int microbatches) const {
        std::vector<int> out{1};
        if (pp == 1)
            return out;
        // Interleaving (Megatron) needs the microbatches in groups of pp.
        if (microbatches % pp != 0)
            return out;
        const int layers = ctx_.job->model.layers;
        // pp x v may reach L + 2: the first and last chunks hold the embedding and the head.
        for (int v = 2; pp * v <= layers + 2; ++v) {
            const bool shallow = v <= space_.maxVirtualStages && pp * v <= layers &&
                                 (space_.everyMicrobatchCount || (v & (v - 1)) == 0);
            const bool wholeLayers = space_.wholeLayerChunks && layers % (pp * v) == 0;
            if (shallow || wholeLayers || v == space_.ownVirtualStages)
                out.push_back(v);
        }
        return out;
    }

    int makeSplitSet(const Group& g) {
        SplitSet set;
        for (int fsdp : divisorsOf(g.batch)) {
            set.splits.push_back({g.batch / fsdp, fsdp, g.tp, g.pp, g.ep, g.cp});
            set.knobConfigs += static_cast<std::int64_t>(knobsFor(set.splits.back()).size());
        }
        set.greedy.assign(set.splits.size(), nullptr);
        splitSets_.push_back(std::move(set));
        return static_cast<int>(splitSets_.size()) - 1;
    }

    const std::optional<MeshMapping>& greedyOf(SplitSet& set, std::size_t i) {
        if (!set.greedy[i])
            set.greedy[i] = &greedyOf(set.splits[i]);
        return *set.greedy[i];
    }

    const std::vector<int>& divisorsOf(std::int64_t n) {
        auto it = divisorCache_.find(n);
        if (it == divisorCache_.end())
            it = divisorCache_.emplace(n, divisors(n)).first;
        return it->second;
    }

    // The greedy mapping of a mesh, once per search (groups of different batches share splits).
    const std::optional<MeshMapping>& greedyOf(const MeshSizes& s) {
        auto it = mappingCache_.find(s);
        if (it == mappingCache_.end())
            it = mappingCache_.emplace(s, greedyMapping(ctx_.fabric, s, order_)).first;
        return it->second;
    }

    // ZeRO stages where ZeRO shards anything (stage 3 only where the weights have replicas
    // over dp x cp: over ep alone it shards what stage 2 does), per-step gathers where there is
    // FSDP, overlap where there is tp: twelve lists, made once.
    const std::vector<Knobs>& knobsFor(const MeshSizes& s) const {
        const FrameworkTraits& f = ctx_.framework;
        const int zero = gradientReplicas(f, s) > 1 ? 8 : denseReplicas(f, s) > 1 ? 4 : 0;
        const int index = zero + (weightShards(f, s) > 1 ? 2 : 0) + (s[kTp] > 1 ? 1 : 0);
        return knobLists_[static_cast<std::size_t>(index)];
    }

    std::vector<int> zeroStagesFor(int index) const {
        if (!(index & 12))
            return {0};
        std::vector<int> zeros;
        for (int zero : space_.zeroStages) {
            const int stage = index & 8 ? zero : std::min(zero, 2);
            if (std::find(zeros.begin(), zeros.end(), stage) == zeros.end())
                zeros.push_back(stage);
        }
        return zeros;
    }

    void makeKnobLists() {
        for (int index = 0; index < 12; ++index) {
            const std::vector<int> zeros = zeroStagesFor(index);
            std::vector<Knobs>& out = knobLists_[static_cast<std::size_t>(index)];
            for (int zero : zeros)
                for (bool perStep : {false, true}) {
                    if (perStep && (!(index & 2) || !space_.fsdpPerStep))
                        continue;
                    for (bool overlap : {false, true}) {
                        if (overlap && (!(index & 1) || !space_.tpOverlap))
                            continue;
                        out.push_back({zero, perStep, overlap});
                    }
                }
            // Least HBM first: per-pass gathers need less than per-step ones, and ZeRO up to
            // stage 2 only removes memory; stage 3 adds two gathered layers, so 2 and 3 go first.
            std::stable_sort(out.begin(), out.end(), [](const Knobs& a, const Knobs& b) {
                auto rank = [](const Knobs& k) {
                    return k.perStep ? 9 : k.zero >= 2 ? 0 : 3 - k.zero;
                };
                return rank(a) < rank(b);
            });
        }
    }

    std::vector<Group> enumerate() {
        const ModelSpec& m = ctx_.job->model;
        const std::int64_t chips = ctx_.chips;
        const std::int64_t sequences = ctx_.job->training.globalBatchTokens / m.seqLen;
        std::vector<Group> groups;
        for (int tp : divisorsOf(chips)) {
            if (m.heads % tp != 0 || (space_.maxTp > 0 && tp > space_.maxTp))
                continue;
            for (int pp : divisorsOf(chips / tp)) {
                if (pp > m.layers)
                    continue;
                for (int ep : divisorsOf(chips / (static_cast<std::int64_t>(tp) * pp))) {
                    if (m.isMoe() ? m.experts % ep != 0 : ep != 1)
                        continue;
                    const std::int64_t afterEp = chips / (static_cast<std::int64_t>(tp) * pp * ep);
                    for (int cp : divisorsOf(afterEp)) {
                        if (m.seqLen % cp != 0)
                            continue;
                        const auto batch = static_cast<int>(afterEp / cp);
                        const std::int64_t shards = static_cast<std::int64_t>(batch) * ep;
                        if (sequences % shards != 0)
                            continue;
                        addGroups(groups, {tp, pp, ep, cp, batch}, sequences / shards);
                    }
                }
            }
        }
        return groups;
    }

    void addGroups(std::vector<Group>& groups, Group g, std::int64_t perReplica) {
        for (int mb : microbatchCounts(perReplica, g.pp))
            for (int v : virtualStageCounts(g.pp, mb))
                for (bool sp : {true, false}) {
                    if (!sp && (g.tp == 1 || !space_.sequenceParallelOff))
                        continue;
                    g.microbatches = mb;
                    g.virtualStages = v;
                    g.sequenceParallel = sp;
                    if (g.splitSet < 0)
                        g.splitSet = makeSplitSet(g);
                    g.configs = splitSets_[static_cast<std::size_t>(g.splitSet)].knobConfigs *
                                static_cast<std::int64_t>(space_.recompute.size());
                    result_.counts.considered += g.configs;
                    groups.push_back(g);
                }
    }

    Layout layoutOf(const Group& g, const MeshSizes& s, Recompute rc, const Knobs& k) const {
        Layout l;
        l.sizes = s;
        l.microbatches = g.microbatches;
        l.virtualStages = g.virtualStages;
        l.sequenceParallel = g.sequenceParallel;
        l.recompute = rc;
        l.zeroStage = k.zero;
        l.fsdpPerStep = k.perStep;
        l.tpOverlap = k.overlap;
        return l;
    }

    // Greedy first (cheap); the full mapping search only when no greedy order fits.
    bool map(Layout& l) {
        if (const auto& mapping = greedyOf(l.sizes)) {
            l.mapping = *mapping;
            return true;
        }
        StepResult ignored;
        return chooseBestMapping(ctx_, l, ignored);
    }

    StepResult time(const Layout& l) {
        ++result_.counts.evaluations;
        StepResult r = evaluateLayout(ctx_, l);
        if (r.fits) {
            ++result_.counts.fit;
            kept_.offer(l, r);
        } else {
            ++result_.counts.overHbm;
            const double over = std::max(0.0, r.memory.total() - ctx_.hbmCapacityBytes);
            double& smallest = result_.counts.smallestOverHbmBytes;
            if (smallest < 0 || over < smallest)
                smallest = over;
        }
        return r;
    }

    // The group's bound, from one configuration with the least recomputation and tp overlapped
    // (if the space has it), so that it holds for every configuration of the group.
    double probe(Group& g) {
        if (!options_.prune)
            return 0;
        SplitSet& set = splitSets_[static_cast<std::size_t>(g.splitSet)];
        const auto& splits = set.splits;
        bool allGreedy = true;
        int chosen = -1;
        const MeshMapping* mapping = nullptr;
        for (std::size_t i = 0; i < splits.size(); ++i) {
            const auto& m = greedyOf(set, i);
            allGreedy = allGreedy && m.has_value();
            if (m && chosen < 0) {
                chosen = static_cast<int>(i);
                mapping = &*m;
            }
        }
        if (chosen < 0)
            return 0; // nothing maps greedily: each split finds its own mapping when expanded
        const auto& knobs = knobsFor(splits[static_cast<std::size_t>(chosen)]);
        std::size_t pick = 0;
        for (std::size_t k = 0; k < knobs.size(); ++k)
            if (knobs[k].zero == knobs[0].zero && knobs[k].perStep == knobs[0].perStep &&
                knobs[k].overlap) {
                pick = k;
                break;
            }
        Layout l =
            layoutOf(g, splits[static_cast<std::size_t>(chosen)], Recompute::None, knobs[pick]);
        if (layoutProblem(ctx_, l))
            return 0;
        l.mapping = *mapping;
        const StepResult r = time(l);
        g.probeSplit = chosen;
        g.probeKnob = static_cast<int>(pick);
        g.probeFits = r.fits;
        g.computeBound = computeBound(r);
        return allGreedy ? innerBound(l, r, splitFree_) : g.computeBound;
    }

    void expand(const Group& g) {
        SplitSet& set = splitSets_[static_cast<std::size_t>(g.splitSet)];
        const auto& splits = set.splits;
        std::vector<std::optional<MeshMapping>> mappings(splits.size());
        std::vector<bool> mapped(splits.size(), false), greedy(splits.size(), false);
        result_.counts.equivalent +=
            g.configs / static_cast<std::int64_t>(space_.recompute.size()) * equivalentPolicies_;
        for (Recompute rc : policies_) {
            if (stop())
                return;
            // The group's bounds hold for every policy: the others only add recomputation.
            PolicyBounds bounds{g.computeBound, g.bound, 0};
            for (std::size_t i = 0; i < splits.size(); ++i) {
                const auto& knobs = knobsFor(splits[i]);
                const int probed =
                    options_.prune && rc == Recompute::None && g.probeSplit == static_cast<int>(i)
                        ? g.probeKnob
                        : -1;
                const auto n = static_cast<std::int64_t>(knobs.size());
                if (options_.prune && bounds.compute >= kept_.threshold()) {
                    result_.counts.prunedByTime += n - (probed >= 0 ? 1 : 0);
                    continue;
                }
                Layout base = layoutOf(g, splits[i], rc, knobs.front());
                if (layoutProblem(ctx_, base)) {
                    result_.counts.cannotRun += n;
                    continue;
                }
                if (!mapped[i]) {
                    mapped[i] = true;
                    if (const auto& m = greedyOf(set, i)) {
                        mappings[i] = m;
                        greedy[i] = true;
                    } else if (map(base)) {
                        mappings[i] = base.mapping;
                    }
                }
                if (!mappings[i]) {
                    result_.counts.noMapping += n;
                    continue;
                }
                expandSplit(g, splits[i], rc, knobs, *mappings[i], greedy[i], probed, bounds);
            }
        }
    }

    // The configurations of one split and policy, least memory first: when those that need no
    // more HBM than the others do not fit, the others are counted and skipped.
    void expandSplit(const Group& g, const MeshSizes& s, Recompute rc,
                     const std::vector<Knobs>& knobs, const MeshMapping& mapping, bool greedy,
                     int probed, PolicyBounds& bounds) {
        bool anyFit = false;
        for (std::size_t k = 0; k < knobs.size(); ++k) {
            if (stop())
                return;
            if (static_cast<int>(k) == probed) {
                anyFit = anyFit || g.probeFits; // timed (and kept if it fit) already
                continue;
            }
            const bool leastMemory = !knobs[k].perStep && (knobs[k].zero >= 2 || k == 0 ||
                                                           knobs[k].zero == knobs[0].zero);
            if (options_.prune && bounds.of(knobs[k], greedy) >= kept_.threshold()) {
                ++result_.counts.prunedByTime;
                continue;
            }
            if (options_.prune && !leastMemory && !anyFit) {
                ++result_.counts.prunedByMemory;
                continue;
            }
            Layout l = layoutOf(g, s, rc, knobs[k]);
            l.mapping = mapping;
            const StepResult r = time(l);
            anyFit = anyFit || r.fits;
            bounds.learn(l, r, greedy, splitFree_);
        }
    }

    const JobContext& ctx_;
    const SearchSpace& space_;
    const SearchOptions& options_;
    KeptCandidates kept_;
    std::array<std::uint8_t, kMeshAxes> order_; // how a mesh is laid on the fabric
    std::array<bool, kMeshAxes> splitFree_;     // its axes that no split of the batch moves
    SearchResult result_;
    std::vector<Recompute> policies_; // the distinct ones
    std::array<std::vector<Knobs>, 12> knobLists_;
    std::map<std::int64_t, std::vector<int>> divisorCache_;
    std::map<MeshSizes, std::optional<MeshMapping>> mappingCache_; // nodes stay put
    std::vector<SplitSet> splitSets_;
    std::int64_t equivalentPolicies_ = 0;
};

} // namespace

SearchResult searchLayouts(const JobContext& ctx, const SearchSpace& space,
                           const SearchOptions& options) {
    return Search(ctx, space, options).run();
}

} // namespace podplanner::model::perf

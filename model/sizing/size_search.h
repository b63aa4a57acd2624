#pragma once
// Capacity planning (docs/sizing.md): how many chips, in which slices, with how many spares and
// which checkpoint policy, to train a job's tokens by a deadline and within a budget, on one or
// more candidate clusters. Every placement the clusters can form is planned (the layout search of
// plan_search.h), every spare count, checkpoint policy and elastic choice is put through the
// closed-form goodput, and the points are ranked by goodput-adjusted time to train, cost and
// energy; the Pareto front of time against cost says what limits each of its points.
#include "core/load_limits.h"
#include "perf/plan_search.h"
#include "reliability/goodput.h"
#include "sizing/placement_options.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace podplanner::model::sizing {

struct Candidate {
    std::string label; // "tpu-v5p-pod", a project file name
    ClusterSpec cluster;
    std::string clusterSource; // the project file's "cluster" value (compact JSON)
    // Price and power per chip; from the chip preset unless overridden. 0: not known.
    double priceUsdPerChipHour = 0;
    double powerW = 0;
    std::string priceSource, powerSource;
    // Cubes or nodes of the first pod that other jobs hold (sizing a job of a project on its
    // own cluster): placements leave them alone.
    int unitsTaken = 0;
};

struct SizeRequest {
    Job job; // model, training (tokens, batch, precision, framework) and reliability template
    std::optional<double> deadlineDays;
    std::optional<double> budgetUsd;
    std::optional<double> budgetChipHours;
    std::vector<Candidate> candidates;
    int maxSpares = 16; // hot spare cubes or nodes tried: 0, 1, 2, 3, 4, 6, 8, 12, ... this
    bool searchCheckpoints = true; // the job's own, persistent and in-memory, Daly intervals
    bool searchElastic = true;     // continue on fewer slices while one is repaired
    std::int64_t minChips = 1;
    std::int64_t maxChips = 0; // 0: the clusters' size
};

// What keeps a point from training faster (docs/sizing.md, "Limits").
enum class Limit : std::uint8_t { Compute, Communication, Host, Bubble, Memory, Failures };
const char* limitName(Limit limit);

struct CheckpointChoice {
    bool inMemory = false;
    std::optional<double> intervalMin; // nullopt: Young/Daly
    std::string text() const;
};

struct SizePoint {
    std::size_t candidate = 0;
    PlacementOption option;
    int spares = 0;             // cubes (tpu-3d) or nodes (gpu) held as hot spares
    std::int64_t chipsHeld = 0; // the slices' chips and the spares'
    CheckpointChoice checkpoint;
    bool elastic = false;
    perf::Layout layout;
    perf::StepResult step;
    std::string mappingText;
    double goodput = 0;
    reliability::Badput badput;
    double idealDays = 0;
    double trainDays = 0;  // with goodput
    double chipHours = 0;  // chips held x wall hours
    double costUsd = -1;   // -1: the price is not known
    double energyKwh = -1; // -1: the power is not known
    Limit limit = Limit::Compute;
    std::string limitText;
    bool meetsDeadline = true;
    bool meetsBudget = true;
    bool feasible() const { return meetsDeadline && meetsBudget; }
};

struct SizeResult {
    std::vector<SizePoint> points;
    std::vector<std::size_t> front;         // Pareto front of train days and cost, fastest first
    std::optional<std::size_t> recommended; // cheapest meeting the deadline, else fastest
    std::string recommendation;             // why that one
    std::vector<std::optional<std::size_t>> bestPerCandidate; // fastest feasible, else fastest
    bool costInUsd = true; // else in chip-hours (a candidate has no price)
    std::vector<std::string> notes;
    std::int64_t placementsPlanned = 0;
    std::int64_t placementsWithoutLayout = 0;
    std::int64_t placementsDominated = 0;      // another shape of the same chips steps faster
    std::int64_t configurationsConsidered = 0; // layouts over every placement
    std::int64_t layoutsTimed = 0;
    std::int64_t variantsScored = 0; // spares x checkpoint x elastic per placement
    double elapsedS = 0;
    bool refined = false; // every shape, not only one per size
    bool cancelled = false;
};

struct SizeOptions {
    const std::atomic<bool>* cancel = nullptr;
    std::atomic<int>* placementsDone = nullptr; // progress
    std::atomic<int>* placementsTotal = nullptr;
    // Called after the first pass (one shape per size) with what it found, before refining.
    std::function<void(const SizeResult&)> onFirstPass;
    bool refine = true; // every shape of every size, then the finalists planned fully
};

SizeResult sizeJob(const SizeRequest& request, const SizeOptions& options = {});

// Candidate for a cluster: price and power from its chip, with where they come from.
Candidate candidateOf(std::string label, const ClusterSpec& cluster, std::string clusterSource);
// A project's own cluster as a candidate for sizing job `job`: the units the other jobs hold in
// its first pod are taken.
Candidate projectCandidate(const Project& project, std::size_t job, std::string label);
// A built-in cluster by id ("tpu-v5p-pod"), or the cluster of a project file. Throws InputError.
Candidate resolveCandidate(const std::string& presetOrFile, const LoadLimits& limits = {});

} // namespace podplanner::model::sizing

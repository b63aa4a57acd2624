#pragma once
// How the scene colours chips (docs/scene.md, "Colour modes"): by job; by health; by the group
// of a mesh axis a chip is in (the chips that run that axis's collectives together: "tp",
// "fsdp", "dp", "pp", "ep", "cp"); by failure domain ("host", "rack" — a cube on TPU pods —
// and "powerRow"); a job's own hot spare cubes in a light shade of its colour; or by how busy the
// job's links are ("utilization": the share of the step a torus axis carries collectives, from the
// performance engine). Keys are computed once per analysis and mode; colours are looked up per
// chip.
#include <QColor>
#include <QStringList>
#include <QVariantList>

#include <array>
#include <memory>
#include <vector>

namespace podplanner::model {
struct ProjectAnalysis;
struct Project;
} // namespace podplanner::model

namespace podplanner::views {

class ChipColoring {
  public:
    static const QStringList& modes();
    static bool isMode(const QString& mode) { return modes().contains(mode); }

    void prepare(const QString& mode, std::shared_ptr<const model::ProjectAnalysis> analysis,
                 const model::Project* project);
    const QString& mode() const { return mode_; }
    // chip < 0: a rack or OCS without a chip of its own (its owner's colour).
    QColor color(std::int64_t chip, int owner) const;
    // In job colours, one job drawn as it is and everything else faded toward the background
    // (failed chips stay red); -1: none.
    void setHighlight(int job) { highlight_ = job; }
    int highlight() const { return highlight_; }
    // {label, color, job}: job is the job's index on a job's own entry, else -1.
    QVariantList legend() const;
    // Share of the step the job's collectives keep each torus axis (x, y, z) busy, 0..1.
    std::array<double, 3> torusUtilization(int job) const;
    // Viridis: dark violet (idle) through teal and green to yellow (always busy).
    static QColor utilizationColor(double share);

    // Status colours, which no job colour comes near (JobListModel::jobColor): free, failed and
    // healthy chips, OCS racks, wraparound links.
    static const QColor kFree, kFailed, kHealthy, kOcs, kWraparound;
    static const QColor kFaded; // what a faded colour moves toward: the view's background

  private:
    QColor jobModeColor(std::int64_t chip, int owner) const;

    QString mode_ = QStringLiteral("job");
    int highlight_ = -1;
    std::shared_ptr<const model::ProjectAnalysis> analysis_;
    const model::Project* project_ = nullptr;
    std::vector<std::int64_t> key_;      // per chip: group or domain index (-1: none)
    std::vector<int> spareOf_;           // job mode: per chip, the job it is a hot spare of (-1)
    std::vector<double> jobUtilization_; // busiest torus axis of each job
    std::int64_t groups_ = 0;            // axis modes: groups of the selected axis in job 0
    std::int64_t groupSize_ = 0;
};

} // namespace podplanner::views

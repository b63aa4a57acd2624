#include "project_document.h"

#include "core/input_error.h"
#include "perf/evaluate.h"
#include "project/placement.h"
#include "project/project_io.h"
#include "reliability/job_goodput.h"
#include "topology/slice_shape.h"
#include "topology/topology.h"

#include <QFileInfo>
#include <QUrl>

namespace podplanner::views {

namespace {

QVariantMap summarize(const model::Topology& t, const model::ClusterSpec& cluster) {
    using model::VertexKind;
    QVariantMap counts;
    counts["sites"] = static_cast<qint64>(cluster.sites.size());
    counts["pods"] = cluster.podCount();
    counts["chips"] = static_cast<qint64>(t.vertexCount(VertexKind::Chip));
    counts["hosts"] = static_cast<qint64>(t.vertexCount(VertexKind::Host));
    counts["cubes"] = static_cast<qint64>(t.vertexCount(VertexKind::Cube));
    counts["racks"] = static_cast<qint64>(t.floor().racks.size());
    counts["powerRows"] = t.floor().powerRows;
    counts["ocs"] = static_cast<qint64>(t.vertexCount(VertexKind::Ocs));
    counts["links"] = static_cast<qint64>(t.linkCount());
    counts["opticalLinks"] = static_cast<qint64>(t.linkCount(model::LinkKind::IciOptical));
    counts["electricalLinks"] = static_cast<qint64>(t.linkCount(model::LinkKind::IciElectrical));
    return counts;
}

// Step time, MFU and memory of every job; a layout that cannot run is shown, not fatal.
void addPerformance(const model::Project& project, QList<JobRow>& rows) {
    try {
        const auto evaluation = model::perf::evaluateProject(project);
        const auto reliability = model::reliability::evaluateReliability(project, evaluation);
        constexpr double gib = 1024.0 * 1024.0 * 1024.0;
        for (qsizetype j = 0; j < rows.size(); ++j) {
            const auto& step = evaluation.jobs[static_cast<std::size_t>(j)].step;
            rows[j].stepTimeS = step.stepS;
            rows[j].mfu = step.mfu;
            rows[j].tokensPerS = step.tokensPerS;
            rows[j].hbmUsedGib = step.memory.total() / gib;
            rows[j].hbmCapacityGib = step.hbmCapacityBytes / gib;
            const auto& g = reliability[static_cast<std::size_t>(j)].goodput;
            rows[j].goodput = g.expected;
            rows[j].interruptionsPerDay = g.interruptionsPerDay;
        }
    } catch (const std::exception& e) {
        for (auto& row : rows)
            row.perfError = QString::fromStdString(e.what());
    }
}

QList<JobRow> jobRows(const model::Project& project) {
    const auto placements = model::placeJobs(project);
    QList<JobRow> rows;
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        const auto& placement = placements[j];
        JobRow row;
        row.name = QString::fromStdString(project.jobs[j].name);
        row.chips = placement.chips();
        row.slices = static_cast<int>(placement.slices.size());
        row.color = JobListModel::jobColor(static_cast<int>(j));
        const auto& first = placement.slices.front();
        if (first.geometry) {
            row.shape = QString::fromStdString(model::SliceShape{first.geometry->dims}.text());
            QStringList axes;
            const char* names[] = {"x", "y", "z"};
            for (std::size_t a = 0; a < first.geometry->wraps.size(); ++a)
                if (first.geometry->wraps[a])
                    axes << names[a];
            row.wraparound = axes.isEmpty() ? QStringLiteral("none") : axes.join(' ');
            row.twisted = first.geometry->twisted;
        } else {
            row.shape = QStringLiteral("%1 nodes").arg(first.nodes.size());
            row.wraparound = QStringLiteral("-");
        }
        rows << row;
    }
    addPerformance(project, rows);
    return rows;
}

} // namespace

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent) {}
ProjectDocument::~ProjectDocument() = default;

bool ProjectDocument::loaded() const {
    return project_ != nullptr;
}

QString ProjectDocument::projectName() const {
    return project_ ? QString::fromStdString(project_->name) : QString();
}

QString ProjectDocument::clusterName() const {
    return project_ ? QString::fromStdString(project_->cluster.name) : QString();
}

QString ProjectDocument::chipName() const {
    return project_ ? QString::fromStdString(project_->cluster.chip.name) : QString();
}

bool ProjectDocument::load(const QString& pathOrUrl) {
    const QUrl url(pathOrUrl);
    const QString path = url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
    try {
        auto project = std::make_unique<model::Project>(model::loadProjectFile(path.toStdString()));
        const model::Topology topology(project->cluster);
        auto rows = jobRows(*project);
        counts_ = summarize(topology, project->cluster);
        project_ = std::move(project);
        filePath_ = QFileInfo(path).absoluteFilePath();
        jobs_.setRows(std::move(rows));
        clearError();
        emit projectChanged();
        return true;
    } catch (const std::exception& e) {
        setError(QString::fromStdString(e.what()));
        return false;
    }
}

void ProjectDocument::clearError() {
    setError({});
}

void ProjectDocument::setError(const QString& text) {
    if (text == errorText_)
        return;
    errorText_ = text;
    emit errorTextChanged();
}

} // namespace podplanner::views

#include "exporter.h"

#include "core/atomic_file.h"
#include "local_path.h"
#include "output/csv_export.h"
#include "perf/planner.h"
#include "project_document.h"
#include "report_writer.h"
#include "scene_snapshot.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>
#include <QUrl>

namespace podplanner::views {

Exporter::Exporter(QObject* parent) : QObject(parent) {}

void Exporter::setDocument(ProjectDocument* document) {
    if (document == document_)
        return;
    document_ = document;
    emit documentChanged();
}

void Exporter::setProgress(const QString& status, double fraction) {
    busy_ = true;
    status_ = status;
    progress_ = fraction;
    emit progressChanged();
    // Let the progress popup paint between steps (input is blocked by its modality).
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
}

bool Exporter::finish(bool ok, const QString& message) {
    busy_ = false;
    progress_ = ok ? 1.0 : 0.0;
    status_.clear();
    emit progressChanged();
    if (ok)
        emit done(message);
    else
        emit failed(message);
    return ok;
}

bool Exporter::exportReport(const QString& pathOrUrl, bool letter) {
    if (!document_ || !document_->loaded() || busy_)
        return finish(false, tr("Open a project to export its report."));
    ReportRequest request;
    request.output = localPath(pathOrUrl);
    request.letter = letter;
    request.generator = QStringLiteral("PodPlanner ") + QCoreApplication::applicationVersion();
    const ReportOutcome outcome =
        writeReport(*document_, request, [this](const QString& s, double f) { setProgress(s, f); });
    if (!outcome.ok)
        return finish(false, outcome.error);
    return finish(
        true, tr("Wrote %1 (%2 pictures%3)")
                  .arg(outcome.written.first())
                  .arg(outcome.figures)
                  .arg(outcome.screenshotsSkipped ? tr(", views skipped: no display") : QString()));
}

bool Exporter::exportImage(const QString& pathOrUrl, int width, int height, const QString& view,
                           int job, const QString& colorMode, const QVector3D& pivotRotation,
                           const QVector3D& cameraPosition) {
    if (!document_ || !document_->loaded() || busy_)
        return finish(false, tr("Open a project to export an image."));
    if (width < 64 || height < 64 || width > 8192 || height > 8192)
        return finish(false, tr("The image size must be between 64 and 8192 pixels a side."));
    if (!SceneSnapshotter::canRender())
        return finish(false, tr("The 3D view cannot be drawn on this display."));
    QString path = localPath(pathOrUrl);
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".png");
    setProgress(tr("Rendering %1×%2").arg(width).arg(height), 0.2);
    SceneSnapshotter snapshotter(document_, QSize(width, height));
    const QImage image = snapshotter.render(
        view, job, colorMode, SceneSnapshotter::Camera{pivotRotation, cameraPosition});
    QSaveFile file(path);
    if (image.isNull() || !file.open(QIODevice::WriteOnly) || !image.save(&file) || !file.commit())
        return finish(false, tr("Could not write %1: %2")
                                 .arg(path, image.isNull() ? tr("the scene did not render")
                                                           : file.errorString()));
    return finish(true, tr("Wrote %1 (%2×%3)").arg(path).arg(image.width()).arg(image.height()));
}

bool Exporter::exportCsv(const QString& kind, const QString& pathOrUrl) {
    if (!document_ || !document_->loaded() || busy_)
        return finish(false, tr("Open a project to export CSV."));
    const auto analysis = document_->analysis();
    if (!analysis || !analysis->hasNumbers())
        return finish(false, tr("The engines have no numbers for this project."));
    const model::Project& project = *document_->project();
    QString path = localPath(pathOrUrl);
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".csv");
    std::string text;
    if (kind == QLatin1String("dashboard")) {
        text = model::output::dashboardCsv(analysis->performance, analysis->reliability);
    } else if (kind == QLatin1String("plan")) {
        std::vector<model::perf::PlanResult> plans;
        for (std::size_t j = 0; j < project.jobs.size(); ++j) {
            setProgress(tr("Planning %1").arg(QString::fromStdString(project.jobs[j].name)),
                        static_cast<double>(j) / static_cast<double>(project.jobs.size()));
            plans.push_back(model::perf::planJob(project, j, {10, nullptr}));
        }
        text = model::output::planCsv(plans);
    } else if (kind == QLatin1String("montecarlo")) {
        std::vector<model::reliability::SimulationResult> runs;
        std::vector<std::string> names;
        for (std::size_t j = 0; j < project.jobs.size(); ++j) {
            setProgress(tr("Simulating %1").arg(QString::fromStdString(project.jobs[j].name)),
                        static_cast<double>(j) / static_cast<double>(project.jobs.size()));
            const auto& r = analysis->reliability[j];
            runs.push_back(model::reliability::simulateGoodput(
                r.exposure, project.jobs[j].reliability, r.inputs, {}));
            names.push_back(project.jobs[j].name);
        }
        text = model::output::simulationCsv(names, runs);
    } else {
        return finish(false, tr("Unknown CSV export: %1").arg(kind));
    }
    try {
        model::writeFileAtomically(path.toStdString(), text);
    } catch (const std::exception& e) {
        return finish(false,
                      tr("Could not write %1: %2").arg(path, QString::fromStdString(e.what())));
    }
    return finish(true, tr("Wrote %1").arg(path));
}

} // namespace podplanner::views

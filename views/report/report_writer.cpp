#include "report_writer.h"

#include "chart_painter.h"
#include "core/atomic_file.h"
#include "output/report.h"
#include "page_breaks.h"
#include "perf/planner.h"
#include "project_document.h"
#include "scene_snapshot.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

#include <map>

namespace podplanner::views {

namespace {

enum class Format { Pdf, Html, Markdown };

bool formatOf(const QString& path, Format& format) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        format = Format::Pdf;
    else if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        format = Format::Html;
    else if (suffix == QLatin1String("md"))
        format = Format::Markdown;
    else
        return false;
    return true;
}

QByteArray pngBytes(const QImage& image) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

// Each picture of the report: its name (also the file name beside a Markdown report) and image.
struct Picture {
    std::size_t job;
    std::string kind, caption;
    QString name;
    QImage image;
    int widthPx;
    std::vector<std::pair<std::string, std::string>> legend; // (label, "#rrggbb")
};

std::vector<Picture>
drawPictures(ProjectDocument& document, const ReportRequest& request,
             const std::vector<model::reliability::JobReliability>& reliability,
             const std::vector<model::reliability::SimulationResult>& mc, bool& screenshotsSkipped,
             const std::function<void(const QString&, double)>& progress) {
    std::vector<Picture> pictures;
    const auto& jobs = document.project()->jobs;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        const QString prefix = QStringLiteral("job%1-").arg(j + 1);
        pictures.push_back({j,
                            "badput",
                            "Badput breakdown of " + jobs[j].name,
                            prefix + "badput.png",
                            paintBadputChart(reliability[j].goodput.badput),
                            640,
                            {}});
        pictures.push_back({j,
                            "goodput-over-time",
                            "Goodput over time of " + jobs[j].name,
                            prefix + "goodput-over-time.png",
                            paintGoodputOverTime(mc[j], reliability[j].goodput.expected),
                            640,
                            {}});
    }
    screenshotsSkipped = !request.screenshots || !SceneSnapshotter::canRender();
    if (screenshotsSkipped)
        return pictures;
    SceneSnapshotter snapshotter(&document, request.screenshotSize);
    snapshotter.setOverlaysShown(false); // the legend printed under each view as text instead
    for (std::size_t j = 0; j < jobs.size(); ++j)
        for (const char* view : {"physical", "logical"}) {
            // A job's physical view shows that job among faded others; its logical view is
            // that job's torus alone.
            const bool physical = view == std::string("physical");
            snapshotter.setHighlightedJob(physical ? static_cast<int>(j) : -1);
            if (progress)
                progress(QStringLiteral("Rendering the %1 view of %2")
                             .arg(view, QString::fromStdString(jobs[j].name)),
                         0.5 + 0.4 * static_cast<double>(j) / static_cast<double>(jobs.size()));
            const QImage image = snapshotter.render(view, static_cast<int>(j));
            if (image.isNull()) {
                screenshotsSkipped = true;
                continue;
            }
            Picture picture{j,
                            view,
                            std::string(physical ? "Physical view: the racks of "
                                                 : "Logical view: the torus of ") +
                                jobs[j].name + (physical ? " (the other jobs faded)" : ""),
                            QStringLiteral("job%1-%2.png").arg(j + 1).arg(view),
                            image,
                            640,
                            {}};
            for (const QVariant& entry : snapshotter.legend()) {
                const QVariantMap m = entry.toMap();
                picture.legend.emplace_back(m.value("label").toString().toStdString(),
                                            m.value("color").value<QColor>().name().toStdString());
            }
            pictures.push_back(std::move(picture));
        }
    return pictures;
}

void writePdf(const QString& path, const std::string& html, const std::vector<Picture>& pictures,
              const ReportRequest& request, const QString& title) {
    QTextDocument text;
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9);
    text.setDefaultFont(font);
    for (const Picture& p : pictures)
        text.addResource(QTextDocument::ImageResource, QUrl(p.name), p.image);
    text.setHtml(QString::fromStdString(html));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw std::runtime_error(file.errorString().toStdString());
    {
        QPdfWriter pdf(&file);
        pdf.setPageSize(QPageSize(request.letter ? QPageSize::Letter : QPageSize::A4));
        pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        pdf.setResolution(300);
        pdf.setTitle(title);
        pdf.setCreator(request.generator);
        layOutForPrint(text, pdf);
        keepHeadingsWithTheirContent(text);
        printPages(text, pdf);
    }
    if (!file.commit())
        throw std::runtime_error(file.errorString().toStdString());
}

void writeMarkdownPictures(const QString& folder, const std::vector<Picture>& pictures) {
    if (!QDir().mkpath(folder))
        throw std::runtime_error("cannot create " + folder.toStdString());
    for (const Picture& p : pictures) {
        QSaveFile file(folder + QLatin1Char('/') + p.name);
        if (!file.open(QIODevice::WriteOnly) || !p.image.save(&file, "PNG") || !file.commit())
            throw std::runtime_error("cannot write " + file.fileName().toStdString());
    }
}

} // namespace

ReportOutcome writeReport(ProjectDocument& document, const ReportRequest& request,
                          const std::function<void(const QString&, double)>& progress) {
    ReportOutcome outcome;
    Format format;
    if (!formatOf(request.output, format)) {
        outcome.error =
            QStringLiteral("%1: a report file ends in .pdf, .html or .md").arg(request.output);
        return outcome;
    }
    if (!document.project()) {
        outcome.error = QStringLiteral("no project is open");
        return outcome;
    }
    try {
        const auto step = [&](const QString& text, double fraction) {
            if (progress)
                progress(text, fraction);
        };
        const model::Project& project = *document.project();
        step(QStringLiteral("Evaluating"), 0.0);
        const auto performance = model::perf::evaluateProject(project);
        const auto reliability = model::reliability::evaluateReliability(project, performance);
        std::vector<model::perf::PlanResult> plans;
        std::vector<model::reliability::SimulationResult> simulations;
        for (std::size_t j = 0; j < project.jobs.size(); ++j) {
            step(QStringLiteral("Planning and simulating %1")
                     .arg(QString::fromStdString(project.jobs[j].name)),
                 0.1 + 0.4 * static_cast<double>(j) / static_cast<double>(project.jobs.size()));
            plans.push_back(model::perf::planJob(project, j, {3, nullptr}));
            model::reliability::SimulationOptions options;
            options.trials = request.trials;
            options.days = request.days;
            options.seed = request.seed;
            simulations.push_back(model::reliability::simulateGoodput(
                reliability[j].exposure, project.jobs[j].reliability, reliability[j].inputs,
                options));
        }
        const std::vector<Picture> pictures = drawPictures(
            document, request, reliability, simulations, outcome.screenshotsSkipped, progress);

        const QFileInfo out(request.output);
        const QString folderName = out.completeBaseName() + QStringLiteral("_files");
        model::output::ReportInputs inputs;
        inputs.project = &project;
        inputs.performance = &performance;
        inputs.reliability = &reliability;
        inputs.plans = &plans;
        inputs.simulations = &simulations;
        inputs.generator = request.generator.toStdString();
        if (outcome.screenshotsSkipped && request.screenshots)
            inputs.note = "The physical and logical views are missing: drawing them needs a "
                          "display (on a headless machine, run the report under xvfb-run).";
        for (const Picture& p : pictures) {
            QString source = p.name;
            if (format == Format::Markdown)
                source = folderName + QLatin1Char('/') + p.name;
            else if (format == Format::Html)
                source = QStringLiteral("data:image/png;base64,") +
                         QString::fromLatin1(pngBytes(p.image).toBase64());
            inputs.figures.push_back(
                {p.job, p.kind, p.caption, source.toStdString(), p.widthPx, p.legend});
        }
        const std::string text = model::output::buildReport(
            inputs, format == Format::Markdown ? model::output::ReportFormat::Markdown
                    : format == Format::Html   ? model::output::ReportFormat::Html
                                               : model::output::ReportFormat::PrintableHtml);
        step(QStringLiteral("Writing %1").arg(out.fileName()), 0.95);
        if (format == Format::Pdf) {
            writePdf(request.output, text, pictures, request,
                     QStringLiteral("PodPlanner report: ") + QString::fromStdString(project.name));
        } else {
            if (format == Format::Markdown) {
                writeMarkdownPictures(out.absolutePath() + QLatin1Char('/') + folderName, pictures);
                for (const Picture& p : pictures)
                    outcome.written << out.absolutePath() + QLatin1Char('/') + folderName +
                                           QLatin1Char('/') + p.name;
            }
            model::writeFileAtomically(request.output.toStdString(), text);
        }
        outcome.written.prepend(out.absoluteFilePath());
        outcome.figures = static_cast<int>(pictures.size());
        outcome.ok = true;
    } catch (const std::exception& e) {
        outcome.error = QStringLiteral("could not write %1: %2")
                            .arg(request.output, QString::fromStdString(e.what()));
    }
    return outcome;
}

} // namespace podplanner::views

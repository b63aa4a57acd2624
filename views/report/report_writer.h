#pragma once
// Writes a project's report with its pictures: `podplanner report` and File › Export report.
// The text comes from model/output/report (the same for every format); this adds the charts
// (painted) and the physical and logical views of each job (rendered, when a display is there)
// and writes PDF (A4 or Letter, through QTextDocument and QPdfWriter), one self-contained HTML
// file (images as data: URIs) or Markdown with its PNGs in a folder beside it.
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

namespace podplanner::views {

class ProjectDocument;

struct ReportRequest {
    QString output;      // ends in .pdf, .html/.htm or .md
    bool letter = false; // PDF page size: Letter instead of A4
    int trials = 1000;   // Monte Carlo per job
    int days = 30;
    quint64 seed = 1;
    bool screenshots = true; // skipped anyway where the scene cannot render
    QSize screenshotSize{1280, 800};
    QString generator = QStringLiteral("PodPlanner"); // with its version, e.g. "PodPlanner 0.1.0"
};

struct ReportOutcome {
    bool ok = false;
    QString error;
    QStringList written; // files, the report first
    int figures = 0;
    bool screenshotsSkipped = false;
};

// progress(stage text, fraction 0..1) is called between steps.
ReportOutcome writeReport(ProjectDocument& document, const ReportRequest& request,
                          const std::function<void(const QString&, double)>& progress = {});

} // namespace podplanner::views

#include "output/report.h"

#include "perf/accuracy.h"

#include <cctype>
#include <cstdio>
#include <sstream>

namespace podplanner::model::output {

namespace {

std::string fixed(double v, int digits) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

std::string percent(double v) {
    return fixed(100.0 * v, 1) + "%";
}

std::string bytesText(double b) {
    const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB"};
    int u = 0;
    while (b >= 1000 && u < 5) {
        b /= 1000;
        ++u;
    }
    return fixed(b, b < 10 ? 2 : 1) + " " + units[u];
}

std::string escapeHtml(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

// A number with its unit ("1.201 s", "85.6 / 182 GiB", "$1.20M") never breaks across lines: it
// must not print as "1." over "201 s". Longer text (names, layouts, reasons) wraps.
bool isNumberCell(const std::string& text) {
    return !text.empty() && text.size() <= 16 &&
           (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '$' || text[0] == '-' ||
            text[0] == '+');
}

// A small document model: headings, paragraphs, tables and bar charts, written as Markdown or HTML.
class Writer {
  public:
    explicit Writer(ReportFormat format) : format_(format) {}

    // In print a heading is held until the block after it, and the two go into one borderless
    // table cell: Qt moves a table row to the next page whole, unless the block is a table of
    // its own, which may break after the heading; the PDF writer moves such a heading
    // (views/report/page_breaks.h).
    void heading(int level, const std::string& text) {
        if (md()) {
            out_ << std::string(static_cast<std::size_t>(level), '#') << " " << text << "\n\n";
            return;
        }
        flushHeading();
        std::ostringstream html;
        html << "<h" << level << ">" << escapeHtml(text) << "</h" << level << ">\n";
        if (format_ == ReportFormat::PrintableHtml)
            pendingHeading_ = html.str();
        else
            out_ << html.str();
    }
    void paragraph(const std::string& text) {
        if (md()) {
            out_ << text << "\n\n";
            return;
        }
        openBlock();
        out_ << "<p>" << escapeHtml(text) << "</p>\n";
        closeBlock();
    }
    void table(const std::vector<std::string>& header,
               const std::vector<std::vector<std::string>>& rows) {
        if (md()) {
            out_ << "|";
            for (const auto& h : header)
                out_ << " " << cell(h) << " |";
            out_ << "\n|";
            for (std::size_t i = 0; i < header.size(); ++i)
                out_ << "---|";
            out_ << "\n";
            for (const auto& row : rows) {
                out_ << "|";
                for (const auto& c : row)
                    out_ << " " << cell(c) << " |";
                out_ << "\n";
            }
            out_ << "\n";
            return;
        }
        openBlock();
        out_ << "<table width=\"100%\"><thead><tr>";
        for (const auto& h : header)
            out_ << "<th>" << escapeHtml(h) << "</th>";
        out_ << "</tr></thead><tbody>\n";
        for (const auto& row : rows) {
            out_ << "<tr>";
            for (const auto& c : row)
                out_ << (isNumberCell(c) ? "<td class=\"n\">" : "<td>") << escapeHtml(c) << "</td>";
            out_ << "</tr>\n";
        }
        out_ << "</tbody></table>\n";
        closeBlock();
    }
    // Horizontal bars of fractions (0..1): text blocks in Markdown, inline SVG in HTML.
    void bars(const std::vector<std::pair<std::string, double>>& values) {
        if (md()) {
            out_ << "```\n";
            for (const auto& [label, v] : values) {
                const int width = static_cast<int>(v * 200.0 + 0.5); // 0.5% per block
                std::string bar;
                for (int i = 0; i < std::min(width, 60); ++i)
                    bar += "#";
                char line[160];
                std::snprintf(line, sizeof line, "%-14s %6.2f%% %s\n", label.c_str(), 100 * v,
                              bar.c_str());
                out_ << line;
            }
            out_ << "```\n\n";
            return;
        }
        openBlock();
        const int rowHeight = 22;
        out_ << "<svg class=\"bars\" width=\"640\" height=\"" << rowHeight * values.size() + 4
             << "\" role=\"img\">\n";
        int y = 2;
        for (const auto& [label, v] : values) {
            const double width = std::min(1.0, v * 5.0) * 400.0; // full width at 20%
            out_ << "<text x=\"0\" y=\"" << y + 15 << "\">" << escapeHtml(label) << "</text>"
                 << "<rect x=\"130\" y=\"" << y + 3 << "\" width=\"" << fixed(width, 1)
                 << "\" height=\"14\" fill=\"#d93025\"/>"
                 << "<text x=\"" << fixed(136 + width, 1) << "\" y=\"" << y + 15 << "\">"
                 << percent(v) << "</text>\n";
            y += rowHeight;
        }
        out_ << "</svg>\n";
        closeBlock();
    }

    void figure(const ReportFigure& f) {
        if (md()) {
            out_ << "![" << f.caption << "](" << f.source << ")\n\n";
            if (!f.legend.empty()) {
                out_ << "Colours:";
                for (const auto& [label, colour] : f.legend)
                    out_ << " " << colour << " " << label << ";";
                out_ << "\n\n";
            }
            return;
        }
        // A block of its own (not <figure>): Qt's PDF writer would flow it into the line before.
        openBlock();
        out_ << "<div class=\"figure\"><img src=\"" << escapeHtml(f.source) << "\" width=\""
             << f.widthPx << "\" alt=\"" << escapeHtml(f.caption)
             << "\"><br><span class=\"caption\">" << escapeHtml(f.caption) << "</span>";
        if (!f.legend.empty()) {
            // Swatch and label pairs in one row of a borderless table, four pairs a row, at
            // the report's text size (the legend drawn into the view is too small in print).
            out_ << "<table class=\"legend\" cellspacing=\"2\">";
            for (std::size_t i = 0; i < f.legend.size(); ++i) {
                if (i % 4 == 0)
                    out_ << (i ? "</tr>" : "") << "<tr>";
                out_ << "<td class=\"swatch\" width=\"12\" bgcolor=\""
                     << escapeHtml(f.legend[i].second)
                     << "\" style=\"background:" << escapeHtml(f.legend[i].second)
                     << "\">&nbsp;&nbsp;</td><td>" << escapeHtml(f.legend[i].first) << "</td>";
            }
            out_ << "</tr></table>";
        }
        out_ << "</div>\n";
        closeBlock();
    }
    // A heading that starts a new page in print: for one followed by figures, which cannot
    // split, so that it is never left alone at the bottom of a page.
    void headingOnNewPage(int level, const std::string& text) {
        if (format_ != ReportFormat::PrintableHtml) {
            heading(level, text);
            return;
        }
        flushHeading();
        out_ << "<h" << level << " style=\"page-break-before:always\">" << escapeHtml(text) << "</h"
             << level << ">\n";
    }

    std::string finish(const std::string& title) {
        if (md())
            return out_.str();
        flushHeading();
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
               escapeHtml(title) + "</title>\n<style>\nbody{font-family:sans-serif;color:#202124" +
               (format_ == ReportFormat::Html ? ";max-width:1100px;margin:2em auto" : "") +
               "}\ntable{border-collapse:collapse;margin:0.5em 0 1.5em}\n"
               "th,td{border:1px solid #d0d7de;padding:3px 6px;text-align:left;font-size:9pt}\n"
               "th{background:#f6f8fa}\ntd.n{white-space:nowrap}\nsvg.bars text{font-size:9pt}\n"
               "table.legend td{border:none;padding:1px 4px;font-size:8pt}\n"
               "div.figure{margin:0.5em 0 1.5em}\n.caption{font-size:8pt;color:#5f6368}\n"
               "img{max-width:100%;height:auto}\n"
               "@media print{body{margin:0}}\n</style></head><body>\n" +
               out_.str() + "</body></html>\n";
    }

  private:
    bool md() const { return format_ == ReportFormat::Markdown; }
    // A held heading with no block after it (another heading, a page break, the end).
    void flushHeading() {
        out_ << pendingHeading_;
        pendingHeading_.clear();
    }
    void openBlock() {
        if (pendingHeading_.empty())
            return;
        out_ << "<table width=\"100%\" cellspacing=\"0\" cellpadding=\"0\" style=\"border:none\">"
                "<tr><td style=\"border:none;padding:0\">"
             << pendingHeading_;
        pendingHeading_.clear();
        keeping_ = true;
    }
    void closeBlock() {
        if (keeping_)
            out_ << "</td></tr></table>\n";
        keeping_ = false;
    }
    static std::string cell(const std::string& text) {
        std::string out;
        for (char c : text)
            out += c == '|' ? std::string("\\|") : std::string(1, c);
        return out;
    }
    ReportFormat format_;
    std::ostringstream out_;
    std::string pendingHeading_; // print: the heading that goes with the next block
    bool keeping_ = false;       // inside the cell that holds a heading and its block
};

std::string layoutText(const perf::Layout& l, const std::string& mapping) {
    std::string out;
    for (std::size_t a = 0; a < perf::kMeshAxes; ++a)
        if (l.sizes[a] > 1)
            out += (out.empty() ? "" : " x ") + std::string(perf::meshAxisName(a)) + " " +
                   std::to_string(l.sizes[a]);
    if (out.empty())
        out = "single chip";
    out += ", " + std::to_string(l.microbatches) + " microbatch" +
           (l.microbatches == 1 ? "" : "es") + ", recompute " + perf::recomputeName(l.recompute);
    return out + " [" + mapping + "]";
}

// " Accuracy of the step time: on N published runs ...", or nothing when no run was held out.
std::string accuracyText(const perf::JobEvaluation& e) {
    const auto* band = perf::accuracyBand(e.accuracyClass);
    return band ? " Accuracy of the step time: " + perf::describeAccuracy(*band) + "." : "";
}

const ReportFigure* findFigure(const ReportInputs& in, std::size_t job, const std::string& kind) {
    for (const auto& f : in.figures)
        if (f.job == job && f.kind == kind)
            return &f;
    return nullptr;
}

std::string percentilesText(const reliability::Percentiles& p) {
    return "P5 " + percent(p.p5) + ", P50 " + percent(p.p50) + ", P95 " + percent(p.p95);
}

} // namespace

std::string buildReport(const ReportInputs& in, ReportFormat format) {
    const Project& p = *in.project;
    const ClusterSpec& c = p.cluster;
    Writer w(format);
    w.heading(1, "PodPlanner report: " + p.name);
    w.paragraph("Generated by " + in.generator +
                ". Every number below is computed from the project "
                "by the performance engine (docs/engine.md) and the failure and goodput engine "
                "(docs/reliability.md).");

    if (!in.note.empty())
        w.paragraph(in.note);

    w.heading(2, "Cluster");
    w.table({"cluster", "chip", "sites", "pods", "chips", "peak bf16 per chip", "HBM per chip"},
            {{c.name, c.chip.name, std::to_string(c.sites.size()), std::to_string(c.podCount()),
              std::to_string(c.chips()),
              c.chip.peakTflops.count("bf16") ? fixed(c.chip.peakTflops.at("bf16"), 0) + " TFLOP/s"
                                              : "-",
              fixed(c.chip.hbmGib, 1) + " GiB"}});
    // A power cap changes every step time below: say so where the chip is described.
    if (c.chip.powerLimitW > 0)
        w.paragraph("Every chip is capped at " + fixed(c.chip.powerLimitW, 0) + " W (rated " +
                    fixed(c.chip.powerW, 0) + " W): its compute runs at " +
                    fixed(100 * c.chip.computeRateAtPowerLimit(), 1) +
                    "% of the uncapped rate, as measured (docs/engine.md, \"Power caps\").");

    // Two tables, speed then outcome, so that every number fits the page's width unbroken.
    w.heading(2, "Jobs");
    std::vector<std::vector<std::string>> speed, outcome;
    for (std::size_t j = 0; j < p.jobs.size(); ++j) {
        const auto& e = in.performance->jobs[j];
        const auto& g = (*in.reliability)[j].goodput;
        const double gib = 1024.0 * 1024.0 * 1024.0;
        const auto* band = perf::accuracyBand(e.accuracyClass);
        speed.push_back(
            {e.name, std::to_string(e.chips),
             fixed(e.step.stepS, 3) + " s" + (band ? " ±" + percent(band->medianAbsError) : ""),
             percent(e.step.mfu), fixed(e.step.tokensPerS, 0),
             fixed(e.step.memory.total() / gib, 1) + " / " +
                 fixed(e.step.hbmCapacityBytes / gib, 0) + " GiB" +
                 (e.step.fits ? "" : " (does not fit)")});
        outcome.push_back(
            {e.name, percent(g.expected), fixed(g.timeToTrainDays, 1) + " days",
             g.expected > 0 ? fixed(e.energyKwh / g.expected / 1000.0, 1) + " MWh" : "-",
             g.expected > 0 && e.costUsd > 0 ? "$" + fixed(e.costUsd / g.expected / 1e6, 2) + "M"
                                             : "no price"});
    }
    w.table({"job", "chips", "step", "MFU", "tokens/s", "HBM per chip"}, speed);
    w.table({"job", "goodput", "time to train", "energy", "cost"}, outcome);

    for (std::size_t j = 0; j < p.jobs.size(); ++j) {
        const auto& e = in.performance->jobs[j];
        const auto& g = (*in.reliability)[j].goodput;
        w.heading(2, "Job " + std::to_string(j + 1) + ": " + e.name);
        w.paragraph("Layout: " + layoutText(e.layout, e.mappingText) + ". Step " +
                    fixed(e.step.stepS, 3) + " s = compute " + fixed(e.step.computeS, 3) +
                    " s + exposed communication " + fixed(e.step.exposedCommS, 3) + " s" +
                    (e.step.hostWaitS > 0
                         ? " + waiting on the host " + fixed(e.step.hostWaitS, 3) + " s"
                         : "") +
                    " + pipeline bubble " + fixed(e.step.bubbleS, 3) + " s + optimizer " +
                    fixed(e.step.optimizerS, 3) + " s" +
                    (e.step.evalS > 0 ? " + evaluation " + fixed(e.step.evalS, 3) + " s" : "") +
                    "; HFU " + percent(e.step.hfu) + "." + accuracyText(e));
        w.heading(3, "Collectives per step");
        std::vector<std::vector<std::string>> collectives;
        for (int i = 0; i < e.step.collectiveCount; ++i) {
            const auto& row = e.step.collectives[static_cast<std::size_t>(i)];
            collectives.push_back({perf::collectiveKindName(row.kind), perf::meshAxisName(row.axis),
                                   bytesText(row.bytes), fixed(row.seconds, 4) + " s",
                                   fixed(row.exposedSeconds, 4) + " s"});
        }
        if (collectives.empty())
            w.paragraph("No collectives: the job runs on one chip.");
        else
            w.table({"kind", "axis", "bytes", "time", "exposed"}, collectives);
        w.heading(3, "Where a layer's time goes");
        const perf::LayerBreakdown& breakdown = e.layer;
        w.paragraph("One layer, one microbatch of " + fixed(breakdown.tokensPerMicrobatch, 0) +
                    " tokens on a chip; the recompute policy reruns " +
                    fixed(1e3 * breakdown.recomputeS, 2) + " ms of it, and the LM head takes " +
                    fixed(1e3 * breakdown.head.forwardS, 2) + " ms forward and " +
                    fixed(1e3 * breakdown.head.backwardS, 2) + " ms backward.");
        std::vector<std::vector<std::string>> ops;
        for (std::size_t op = 0; op < perf::kLayerOps; ++op)
            ops.push_back({perf::layerOpName(static_cast<perf::LayerOp>(op)),
                           fixed(1e3 * breakdown.layer.forwardS[op], 2) + " ms",
                           fixed(1e3 * breakdown.layer.backwardS[op], 2) + " ms"});
        w.table({"operation", "forward", "backward"}, ops);
        w.heading(3, "Goodput");
        w.paragraph("Expected goodput " + percent(g.expected) + ": " +
                    fixed(g.interruptionsPerDay, 2) + " interruptions a day (job MTBF " +
                    fixed(g.jobMtbfH, 1) + " h), checkpoint every " +
                    fixed(g.checkpointIntervalMin, 1) + " min.");
        const auto& b = g.badput;
        if (const ReportFigure* chart = findFigure(in, j, "badput"))
            w.figure(*chart);
        else
            w.bars({{"checkpoint", b.checkpoint},
                    {"lost progress", b.lostProgress},
                    {"restart", b.restart},
                    {"degraded", b.degraded},
                    {"sdc", b.sdc},
                    {"maintenance", b.maintenance},
                    {"stragglers", b.stragglers},
                    {"preflight", b.preflight}});
        if (in.simulations && j < in.simulations->size()) {
            const auto& mc = (*in.simulations)[j];
            w.paragraph("Monte Carlo, " + std::to_string(mc.trials) + " trials of " +
                        fixed(mc.days, 0) + " days (seed " + std::to_string(mc.seed) +
                        "): goodput " + percentilesText(mc.goodput) + "; time to train P5 " +
                        fixed(mc.timeToTrainDays.p5, 1) + ", P50 " +
                        fixed(mc.timeToTrainDays.p50, 1) + ", P95 " +
                        fixed(mc.timeToTrainDays.p95, 1) + " days.");
            if (const ReportFigure* chart = findFigure(in, j, "goodput-over-time"))
                w.figure(*chart);
        }
        const ReportFigure* physical = findFigure(in, j, "physical");
        const ReportFigure* logical = findFigure(in, j, "logical");
        if (physical || logical) {
            w.headingOnNewPage(3, "Where it runs");
            for (const ReportFigure* f : {physical, logical})
                if (f)
                    w.figure(*f);
        }
        if (in.plans && j < in.plans->size() && !(*in.plans)[j].top.empty()) {
            w.heading(3, "Best alternatives from the planner");
            std::vector<std::vector<std::string>> plan;
            const auto& top = (*in.plans)[j].top;
            for (std::size_t k = 0; k < top.size(); ++k)
                plan.push_back(
                    {std::to_string(k + 1), layoutText(top[k].layout, top[k].mappingText),
                     fixed(top[k].step.stepS, 3) + " s", percent(top[k].step.mfu), top[k].reason});
            w.table({"rank", "layout", "step", "MFU", "why"}, plan);
        }
    }

    w.heading(2, "Assumptions and sources");
    std::vector<std::vector<std::string>> sources;
    for (const auto& [field, text] : c.chip.source)
        sources.push_back({c.chip.id + " " + field, text});
    for (const auto& [field, text] : c.source)
        sources.push_back({c.id + " " + field, text});
    w.table({"figure", "source"}, sources);
    w.paragraph(
        "Engine models, equations and their assumptions: docs/engine.md (performance, with a "
        "validation table against published runs) and docs/reliability.md (failures and "
        "goodput).");
    return w.finish("PodPlanner report: " + p.name);
}

} // namespace podplanner::model::output

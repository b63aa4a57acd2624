// ProjectDocument's baseline: the selected job's numbers pinned at one moment, so that every
// number after an edit can say how it changed ("Compare" in issue 17).
#include "project_document.h"

#include <QDateTime>

#include <cmath>

namespace podplanner::views {

namespace {

struct Metric {
    const char* key;     // in dashboard()
    const char* label;   // for people
    bool higherIsBetter; // the direction of "better"
    const char* unit;    // how a change is written: "s", "%" (a share), "GiB", "days", "$", ""
};

// In the dashboard's order.
constexpr Metric kMetrics[] = {
    {"stepS", "Step time", false, "s"},     {"mfu", "MFU", true, "%"},
    {"tokensPerS", "Tokens / s", true, ""}, {"hbmUsedGib", "HBM per chip", false, "GiB"},
    {"goodput", "Goodput", true, "%"},      {"timeToTrainDays", "Time to train", false, "days"},
    {"costUsd", "Cost", false, "$"},        {"chips", "Chips", false, ""},
};

QString valueText(double v, const char* unit) {
    const QString u = QString::fromLatin1(unit);
    if (u == "%")
        return QString::number(100 * v, 'f', 1) + "%";
    if (u == "$")
        return "$" + QString::number(v / 1e6, 'f', 2) + "M";
    if (u == "s")
        return QString::number(v, 'f', v < 1 ? 3 : 2) + " s";
    if (u.isEmpty())
        return QString::number(v, 'f', v < 100 ? 1 : 0);
    return QString::number(v, 'f', 1) + " " + u;
}

// "+0.21 s (+7.5%)"; a share changes in points ("+1.2 points").
QString changeText(double before, double now, const char* unit) {
    const double d = now - before;
    const QString sign = d > 0 ? "+" : d < 0 ? "−" : "±";
    if (QString::fromLatin1(unit) == "%")
        return sign + QString::number(std::abs(100 * d), 'f', 1) + QObject::tr(" points");
    QString text = sign + valueText(std::abs(d), unit);
    if (before != 0)
        text += QStringLiteral(" (%1%2%)").arg(sign).arg(std::abs(100 * d / before), 0, 'f', 1);
    return text;
}

// What a card has room for: "+29.9%", "−7.0 pts", "same".
QString shortChange(double before, double now, const char* unit) {
    const double d = now - before;
    const QString sign = d > 0 ? "+" : "−";
    if (QString::fromLatin1(unit) == "%")
        return sign + QString::number(std::abs(100 * d), 'f', 1) + QObject::tr(" pts");
    if (before == 0)
        return changeText(before, now, unit);
    return sign + QString::number(std::abs(100 * d / before), 'f', 1) + "%";
}

} // namespace

void ProjectDocument::pinBaseline() {
    const QVariantMap now = dashboard();
    if (!now.value("valid").toBool())
        return;
    baseline_ = now;
    baseline_["job"] = selectedJob_;
    baseline_["pinnedAt"] = QDateTime::currentDateTime().toString("HH:mm");
    baseline_["label"] = undo_.canUndo() ? tr("after “%1”").arg(undo_.undoText()) : tr("as opened");
    emit baselineChanged();
}

void ProjectDocument::clearBaseline() {
    if (baseline_.isEmpty())
        return;
    baseline_.clear();
    emit baselineChanged();
}

QVariantMap ProjectDocument::comparison() const {
    QVariantMap out;
    const QVariantMap now = dashboard();
    if (baseline_.isEmpty() || !now.value("valid").toBool() ||
        baseline_.value("job").toInt() != selectedJob_)
        return out;
    QVariantList rows;
    for (const Metric& m : kMetrics) {
        const QVariant b = baseline_.value(m.key), n = now.value(m.key);
        if (!b.isValid() || !n.isValid())
            continue;
        const double before = b.toDouble(), after = n.toDouble();
        // -1: no figure (no price, a stalled job): nothing to compare.
        if (before < 0 || after < 0)
            continue;
        const bool same = std::abs(after - before) <= 1e-9 * std::max(1.0, std::abs(before));
        const QVariantMap row{{"key", m.key},
                              {"label", tr(m.label)},
                              {"baseline", valueText(before, m.unit)},
                              {"now", valueText(after, m.unit)},
                              {"change", same ? tr("same") : changeText(before, after, m.unit)},
                              {"short", same ? tr("same") : shortChange(before, after, m.unit)},
                              {"same", same},
                              {"better", !same && (after > before) == m.higherIsBetter}};
        out[m.key] = row;
        rows << row;
    }
    out["rows"] = rows;
    out["mappingBefore"] = baseline_.value("mapping");
    out["mappingNow"] = now.value("mapping");
    out["label"] = baseline_.value("label");
    out["pinnedAt"] = baseline_.value("pinnedAt");
    return out;
}

} // namespace podplanner::views

#include "chart_painter.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace podplanner::views {

namespace {

const QColor kInk("#202124");
const QColor kGrid("#dadce0");
const QColor kMuted("#5f6368");

// A "nice" axis maximum (1, 2 or 5 times a power of ten) at or above v, and its tick step.
std::pair<double, double> niceAxis(double v) {
    v = std::max(v, 1e-4);
    const double magnitude = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= v)
            return {m * magnitude, m * magnitude / (m == 1.0 || m == 10.0 ? 5 : m == 2.0 ? 4 : 5)};
    return {10 * magnitude, 2 * magnitude};
}

QString percentText(double fraction, int decimals) {
    return QString::number(100.0 * fraction, 'f', decimals) + QLatin1Char('%');
}

QImage blankImage(QSize size) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    return image;
}

void setFont(QPainter& p, int pixelSize, bool bold = false) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(pixelSize);
    font.setBold(bold);
    p.setFont(font);
}

// A white image with the chart's title across the top; the painter is left ready to draw.
QImage titledImage(QSize size, const QString& title) {
    QImage image = blankImage(size);
    QPainter p(&image);
    setFont(p, 26, true);
    p.setPen(kInk);
    p.drawText(QRectF(0, 0, size.width(), 44), Qt::AlignLeft | Qt::AlignVCenter, title);
    return image;
}

} // namespace

QImage paintBadputChart(const model::reliability::Badput& b, QSize size) {
    const std::vector<std::pair<QString, double>> rows = {
        {QStringLiteral("Checkpoint writes"), b.checkpoint},
        {QStringLiteral("Lost progress"), b.lostProgress},
        {QStringLiteral("Restart and repair"), b.restart},
        {QStringLiteral("Degraded (fewer replicas)"), b.degraded},
        {QStringLiteral("Silent data corruption"), b.sdc},
        {QStringLiteral("Planned maintenance"), b.maintenance},
        {QStringLiteral("Stragglers"), b.stragglers},
        {QStringLiteral("Preflight scans"), b.preflight}};
    double largest = 0;
    for (const auto& [label, v] : rows)
        largest = std::max(largest, v);
    const auto [axisMax, tick] = niceAxis(largest);

    QImage image = titledImage(size, QStringLiteral("Badput: share of wall time lost (total %1)")
                                         .arg(percentText(b.total(), 1)));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);

    const double left = 360, right = size.width() - 130, top = 60, bottom = size.height() - 44;
    const double rowHeight = (bottom - top) / static_cast<double>(rows.size());
    setFont(p, 20);
    for (double t = 0; t <= axisMax * 1.0001; t += tick) { // grid and tick labels
        const double x = left + (right - left) * t / axisMax;
        p.setPen(QPen(kGrid, 2));
        p.drawLine(QPointF(x, top), QPointF(x, bottom));
        p.setPen(kMuted);
        p.drawText(QRectF(x - 60, bottom + 4, 120, 36), Qt::AlignHCenter | Qt::AlignTop,
                   percentText(t, tick < 0.001 ? 2 : 1));
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& [label, v] = rows[i];
        const double y = top + rowHeight * static_cast<double>(i);
        p.setPen(kInk);
        p.drawText(QRectF(0, y, left - 16, rowHeight), Qt::AlignRight | Qt::AlignVCenter, label);
        const double width = (right - left) * std::clamp(v / axisMax, 0.0, 1.0);
        p.fillRect(QRectF(left, y + rowHeight * 0.18, width, rowHeight * 0.64), QColor("#e37400"));
        p.drawText(QRectF(left + width + 10, y, 200, rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   percentText(v, 2));
    }
    return image;
}

QImage paintGoodputOverTime(const model::reliability::SimulationResult& mc, double closedForm,
                            QSize size) {
    QImage image = titledImage(
        size, QStringLiteral("Goodput over time: %1 Monte Carlo trials").arg(mc.trials));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const auto& days = mc.goodputByDay;
    if (days.empty())
        return image;

    // The y axis spans the band and the closed form, rounded out to whole percent.
    double low = closedForm, high = closedForm;
    for (const auto& d : days) {
        low = std::min(low, d.p5);
        high = std::max(high, d.p95);
    }
    low = std::max(0.0, std::floor(low * 100 - 1) / 100);
    high = std::min(1.0, std::ceil(high * 100 + 1) / 100);
    const double left = 110, right = size.width() - 30, top = 60, bottom = size.height() - 110;
    const int n = static_cast<int>(days.size());
    const auto xAt = [&](int day) {
        return left + (right - left) * (day - 1) / std::max(1, n - 1);
    };
    const auto yAt = [&](double g) { return bottom - (bottom - top) * (g - low) / (high - low); };

    setFont(p, 20);
    const double yTick = niceAxis((high - low) / 4).first;
    for (double g = std::ceil(low / yTick) * yTick; g <= high + 1e-9; g += yTick) {
        p.setPen(QPen(kGrid, 2));
        p.drawLine(QPointF(left, yAt(g)), QPointF(right, yAt(g)));
        p.setPen(kMuted);
        p.drawText(QRectF(0, yAt(g) - 16, left - 12, 32), Qt::AlignRight | Qt::AlignVCenter,
                   percentText(g, yTick < 0.01 ? 1 : 0));
    }
    const int dayStep = std::max(1, n / 10);
    for (int day = 1; day <= n; day += dayStep)
        p.drawText(QRectF(xAt(day) - 40, bottom + 6, 80, 30), Qt::AlignHCenter | Qt::AlignTop,
                   QString::number(day));
    p.drawText(QRectF(left, bottom + 34, right - left, 30), Qt::AlignHCenter | Qt::AlignTop,
               QStringLiteral("day of the run"));

    QPainterPath band;
    band.moveTo(xAt(1), yAt(days[0].p95));
    for (int d = 1; d < n; ++d)
        band.lineTo(xAt(d + 1), yAt(days[static_cast<std::size_t>(d)].p95));
    for (int d = n - 1; d >= 0; --d)
        band.lineTo(xAt(d + 1), yAt(days[static_cast<std::size_t>(d)].p5));
    band.closeSubpath();
    p.fillPath(band, QColor(26, 115, 232, 60));
    QPolygonF median;
    for (int d = 0; d < n; ++d)
        median << QPointF(xAt(d + 1), yAt(days[static_cast<std::size_t>(d)].p50));
    p.setPen(QPen(QColor("#1a73e8"), 4));
    p.drawPolyline(median);
    p.setPen(QPen(kInk, 3, Qt::DashLine));
    p.drawLine(QPointF(left, yAt(closedForm)), QPointF(right, yAt(closedForm)));

    // Legend, bottom right.
    const double ly = size.height() - 20;
    p.fillRect(QRectF(right - 760, ly - 10, 36, 20), QColor(26, 115, 232, 60));
    p.setPen(kInk);
    p.drawText(QPointF(right - 714, ly + 7), QStringLiteral("P5–P95"));
    p.setPen(QPen(QColor("#1a73e8"), 4));
    p.drawLine(QPointF(right - 590, ly), QPointF(right - 554, ly));
    p.setPen(kInk);
    p.drawText(QPointF(right - 544, ly + 7), QStringLiteral("P50"));
    p.setPen(QPen(kInk, 3, Qt::DashLine));
    p.drawLine(QPointF(right - 450, ly), QPointF(right - 414, ly));
    p.setPen(kInk);
    p.drawText(QPointF(right - 404, ly + 7),
               QStringLiteral("closed form %1").arg(percentText(closedForm, 1)));
    return image;
}

} // namespace podplanner::views

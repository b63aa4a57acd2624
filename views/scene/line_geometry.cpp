#include "line_geometry.h"

#include <limits>

namespace podplanner::views {

LineGeometry::LineGeometry(QQuick3DObject* parent) : QQuick3DGeometry(parent) {}

void LineGeometry::setSegments(const QVector<QVector3D>& points, const QVector<QColor>& colors,
                               const QColor& fallback) {
    clear();
    count_ = static_cast<int>(points.size() / 2);
    // Position (3 floats) and colour (4 floats) per vertex.
    QByteArray vertices(static_cast<qsizetype>(points.size() * 7 * sizeof(float)),
                        Qt::Uninitialized);
    auto* v = reinterpret_cast<float*>(vertices.data());
    QVector3D lo(std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                 std::numeric_limits<float>::max());
    QVector3D hi = -lo;
    for (qsizetype i = 0; i < points.size(); ++i) {
        const QVector3D& p = points[i];
        const QColor& c = i / 2 < colors.size() ? colors[i / 2] : fallback;
        *v++ = p.x();
        *v++ = p.y();
        *v++ = p.z();
        *v++ = c.redF();
        *v++ = c.greenF();
        *v++ = c.blueF();
        *v++ = 1.0f;
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    setVertexData(vertices);
    setStride(7 * sizeof(float));
    setPrimitiveType(PrimitiveType::Lines);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::ColorSemantic, 3 * sizeof(float), Attribute::F32Type);
    if (!points.isEmpty())
        setBounds(lo, hi);
    update();
}

} // namespace podplanner::views

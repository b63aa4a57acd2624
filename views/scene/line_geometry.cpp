#include "line_geometry.h"

#include <limits>

namespace podplanner::views {

LineGeometry::LineGeometry(QQuick3DObject* parent) : QQuick3DGeometry(parent) {}

void LineGeometry::setSegments(const QVector<QVector3D>& points) {
    clear();
    count_ = static_cast<int>(points.size() / 2);
    QByteArray vertices(static_cast<qsizetype>(points.size() * 3 * sizeof(float)),
                        Qt::Uninitialized);
    auto* v = reinterpret_cast<float*>(vertices.data());
    QVector3D lo(std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                 std::numeric_limits<float>::max());
    QVector3D hi = -lo;
    for (const QVector3D& p : points) {
        *v++ = p.x();
        *v++ = p.y();
        *v++ = p.z();
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    setVertexData(vertices);
    setStride(3 * sizeof(float));
    setPrimitiveType(PrimitiveType::Lines);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    if (!points.isEmpty())
        setBounds(lo, hi);
    update();
}

} // namespace podplanner::views

#include <QtTest>
class TestSizing : public QObject { Q_OBJECT };
QTEST_GUILESS_MAIN(TestSizing)
#include "tst_sizing.moc"

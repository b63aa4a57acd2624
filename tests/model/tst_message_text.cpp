// Messages show input bytes that are not UTF-8, and control characters, as \xHH: the text of
// every message is valid UTF-8 and prints as it reads. Valid text passes unchanged.
#include "core/message_text.h"

#include <QtTest>

using podplanner::model::escapeForMessage;
using podplanner::model::utf8PrefixLength;

class MessageTextTest : public QObject {
    Q_OBJECT
  private slots:
    void escapesWhatIsNotUtf8_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("shown");
        QTest::newRow("ascii") << QByteArray("plain \"text\"") << QByteArray("plain \"text\"");
        QTest::newRow("utf-8 kept") << QByteArray("ü — 你 😀") << QByteArray("ü — 你 😀");
        QTest::newRow("0xFF") << QByteArray("\"j\xff\xfe") << QByteArray("\"j\\xFF\\xFE");
        QTest::newRow("lone continuation") << QByteArray("a\x80z") << QByteArray("a\\x80z");
        QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QByteArray("\\xC0\\xAF");
        QTest::newRow("overlong 3 bytes")
            << QByteArray("\xe0\x80\xaf") << QByteArray("\\xE0\\x80\\xAF");
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QByteArray("\\xED\\xA0\\x80");
        QTest::newRow("above U+10FFFF")
            << QByteArray("\xf4\x90\x80\x80") << QByteArray("\\xF4\\x90\\x80\\x80");
        QTest::newRow("cut at the end") << QByteArray("ok\xe2\x82") << QByteArray("ok\\xE2\\x82");
        QTest::newRow("escape sequence")
            << QByteArray("a\x1b[31mred") << QByteArray("a\\x1B[31mred");
        QTest::newRow("bell and delete") << QByteArray("\x07\x7f") << QByteArray("\\x07\\x7F");
        QTest::newRow("newline and tab kept") << QByteArray("a\nb\tc") << QByteArray("a\nb\tc");
        QTest::newRow("nul") << QByteArray("a\0b", 3) << QByteArray("a\\x00b");
    }
    void escapesWhatIsNotUtf8() {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, shown);
        const std::string out = escapeForMessage(std::string_view(input.constData(), input.size()));
        QCOMPARE(QByteArray::fromStdString(out), shown);
        QCOMPARE(escapeForMessage(out), out); // escaping twice changes nothing
    }

    void prefixesEndBetweenCharacters() {
        const std::string text = "ab—cd"; // the dash is 3 bytes: a b [e2 80 94] c d
        QCOMPARE(utf8PrefixLength(text, 2), std::size_t{2});
        QCOMPARE(utf8PrefixLength(text, 3), std::size_t{2});
        QCOMPARE(utf8PrefixLength(text, 4), std::size_t{2});
        QCOMPARE(utf8PrefixLength(text, 5), std::size_t{5});
        QCOMPARE(utf8PrefixLength(text, 100), text.size());
        QCOMPARE(utf8PrefixLength("a\xff\xff", 2), std::size_t{2}); // a bad byte counts as one
    }
};

QTEST_APPLESS_MAIN(MessageTextTest)
#include "tst_message_text.moc"
